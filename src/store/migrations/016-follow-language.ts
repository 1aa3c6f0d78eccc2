// A followed channel's language (issue 52): the one its /follow chose, and the server's own as Discord named it then;
// the follower's messages use the first, else the second, else English. Old follows have neither: English.
import type { Kysely } from 'kysely'

export function followLanguageMigration () {
  return {
    async up (db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('discord_follows').addColumn('language', 'text').execute()
      await db.schema.alterTable('discord_follows').addColumn('guild_locale', 'text').execute()
    }
  }
}

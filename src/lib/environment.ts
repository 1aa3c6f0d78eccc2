// The environment's variables as the configuration and the status file's `${NAME}` read them (process.env's shape).
export type Env = Record<string, string | undefined>

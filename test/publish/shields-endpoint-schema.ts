// Shields.io's endpoint badge schema, written from its documented field list (REFERENCE.md "Badges"): schemaVersion,
// label and message required; the optional fields Shields knows; any other key makes Shields reject the body.
import { Type } from 'typebox'
import { Compile } from 'typebox/compile'

export const ShieldsEndpointSchema = Type.Object({
  schemaVersion: Type.Literal(1),
  label: Type.String(),
  message: Type.String({ minLength: 1 }),
  color: Type.Optional(Type.String()),
  labelColor: Type.Optional(Type.String()),
  isError: Type.Optional(Type.Boolean()),
  namedLogo: Type.Optional(Type.String()),
  logoSvg: Type.Optional(Type.String()),
  logoColor: Type.Optional(Type.String()),
  logoWidth: Type.Optional(Type.Number()),
  style: Type.Optional(Type.String()),
  cacheSeconds: Type.Optional(Type.Integer({ minimum: 0 }))
}, { additionalProperties: false })

export const shieldsEndpointValidator = Compile(ShieldsEndpointSchema)

import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { COMMANDS, CommandSchema } from './index'

describe('the command table: one entry a command', () => {
  it('each entry is keyed by its own command type, and the command schema accepts exactly those types', () => {
    for (const [key, def] of Object.entries(COMMANDS)) {
      const shape = (def.schema as unknown as z.ZodObject<{ type: z.ZodLiteral<string> }>).shape
      expect(shape.type.value).toBe(key)
    }
    const refused = CommandSchema.safeParse({ type: 'teleport' })
    expect(refused.success).toBe(false)
    expect(Object.keys(COMMANDS)).toHaveLength(new Set(Object.keys(COMMANDS)).size)
  })
})

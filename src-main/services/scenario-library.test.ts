import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { createScenarioLibrary } from './scenario-library'

describe("scenario library: the file's ruleset picks the rules (CORE-RULESET-01)", () => {
  it('reads the built-in scenarios of every ruleset, each by its own ruleset', async () => {
    const list = await createScenarioLibrary(join(import.meta.dirname, '..', '..', 'assets', 'scenarios')).list()
    expect(list.filter((s) => s.ruleset === 'smle').length).toBeGreaterThanOrEqual(9)
    expect(list.every((s) => s.ruleset === 'smle' || s.ruleset === 'smr')).toBe(true)
  })

  it('refuses a scenario of a ruleset this version does not play, naming the file and the ruleset, and never plays it as SMLE', async () => {
    const dir = await fsp.mkdtemp(join(tmpdir(), 'smle-scenarios-'))
    await fsp.writeFile(join(dir, 'chess.json'), JSON.stringify({ ...farmhouse, id: 'chess', ruleset: 'chess' }))
    const library = createScenarioLibrary(dir)
    await expect(library.list()).rejects.toThrow(
      /chess\.json.*ruleset "chess" is not one this version of SMLE Table plays/,
    )
    await expect(library.get('chess')).rejects.toThrow(/chess/)
  })

  it('lists the SMR scenarios with their descriptions, and gives them with every SMR default filled in', async () => {
    const library = createScenarioLibrary(join(import.meta.dirname, '..', '..', 'assets', 'scenarios'))
    const smr = (await library.list()).filter((s) => s.ruleset === 'smr')
    expect(smr.map((s) => s.id).sort()).toEqual(['smr-contact', 'smr-village-invasion'])
    expect(smr.every((s) => s.description.length > 40)).toBe(true)
    const contact = (await library.get('smr-contact')) as unknown as { settings: { touchTolerance: number } }
    expect(contact.settings.touchTolerance).toBe(0.1)
  })

  it('reads a scenario file that starts with a UTF-8 byte-order mark', async () => {
    const dir = await fsp.mkdtemp(join(tmpdir(), 'smle-scenarios-'))
    await fsp.writeFile(join(dir, 'bom.json'), `\uFEFF${JSON.stringify({ ...farmhouse, id: 'bom' })}`)
    expect((await createScenarioLibrary(dir).get('bom')).id).toBe('bom')
  })
})

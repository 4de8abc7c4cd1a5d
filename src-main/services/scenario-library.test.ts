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

describe("the player's scenarios (<save folder>/scenarios/*.json)", () => {
  const assets = join(import.meta.dirname, '..', '..', 'assets', 'scenarios')
  const mine = (over: Record<string, unknown> = {}) => ({ ...farmhouse, id: 'my-farm', name: 'My farm', ...over })
  async function fresh() {
    const data = await fsp.mkdtemp(join(tmpdir(), 'smle-user-scenarios-'))
    const userDir = join(data, 'scenarios')
    return { userDir, library: createScenarioLibrary(assets, userDir) }
  }

  it('saves one as <id>.json, lists it beside the built-in ones marked as the player’s, and plays it by id', async () => {
    const { userDir, library } = await fresh()
    const summary = await library.save(mine())
    expect(summary).toMatchObject({ id: 'my-farm', name: 'My farm', source: 'user', ruleset: 'smle' })
    expect(await fsp.readdir(userDir)).toEqual(['my-farm.json'])
    expect(JSON.parse(await fsp.readFile(join(userDir, 'my-farm.json'), 'utf8')).name).toBe('My farm')
    const list = await library.list()
    expect(list.find((s) => s.id === 'my-farm')?.source).toBe('user')
    expect(list.find((s) => s.id === 'farmhouse-skirmish')?.source).toBe('builtin')
    expect((await library.get('my-farm')).name).toBe('My farm')
    // Saving again replaces it (the editor's "Save").
    await library.save(mine({ name: 'My farm, again' }))
    expect((await library.get('my-farm')).name).toBe('My farm, again')
    // A second library over the same folder (the next start) finds it.
    expect((await createScenarioLibrary(assets, userDir).get('my-farm')).name).toBe('My farm, again')
  })

  it('refuses to save a scenario with errors, saying the first in words, and writes nothing', async () => {
    const { userDir, library } = await fresh()
    const broken = structuredClone(mine()) as typeof farmhouse
    broken.teams[0]!.figures[0]!.position = { x: -3, z: 5 }
    await expect(library.save(broken)).rejects.toThrow(/^The scenario has an error: .* stands off the table/)
    await expect(fsp.readdir(userDir)).rejects.toThrow()
  })

  it('refuses an id a built-in scenario has', async () => {
    const { library } = await fresh()
    await expect(library.save({ ...farmhouse })).rejects.toThrow(
      /A built-in scenario already has the id "farmhouse-skirmish".*"farmhouse-skirmish-2"/,
    )
  })

  it('imports a scenario file and exports it back as the same scenario', async () => {
    const { library } = await fresh()
    const text = JSON.stringify(mine({ id: 'shared-farm' }))
    expect(await library.import(text)).toMatchObject({ id: 'shared-farm', source: 'user' })
    const out = await library.export('shared-farm')
    expect(out.fileName).toBe('shared-farm.json')
    expect(JSON.parse(out.text)).toEqual(JSON.parse(text))
    // A built-in exports too.
    expect(JSON.parse((await library.export('farmhouse-skirmish')).text).id).toBe('farmhouse-skirmish')
  })

  it('refuses a foreign file, a saved game, a newer format and an invalid scenario, each with a message', async () => {
    const { userDir, library } = await fresh()
    await expect(library.import('<html>hello</html>')).rejects.toThrow(
      'The file is not a scenario: it is not JSON text.',
    )
    await expect(library.import(JSON.stringify({ hello: 'world' }))).rejects.toThrow(
      'The file is not a scenario of SMLE Table (it has no ruleset, format version and sides).',
    )
    await expect(library.import(JSON.stringify({ format: 'smle-table-save', formatVersion: 1 }))).rejects.toThrow(
      'The file is a saved game, not a scenario: open it with Load instead.',
    )
    await expect(library.import(JSON.stringify(mine({ formatVersion: 2 })))).rejects.toThrow(
      'The scenario was made by a newer version of SMLE Table (scenario format 2; this version reads format 1). Update the program to use it.',
    )
    await expect(library.import(JSON.stringify(mine({ sides: [] })))).rejects.toThrow(
      /^The scenario has an error: Sides needs at least 2 entries\./,
    )
    await expect(fsp.readdir(userDir)).rejects.toThrow()
  })

  it('an import never replaces a scenario of the player’s: the file there is left as it was', async () => {
    const { userDir, library } = await fresh()
    await library.save(mine())
    const before = await fsp.readFile(join(userDir, 'my-farm.json'), 'utf8')
    await expect(library.import(JSON.stringify(mine({ name: 'Another' })))).rejects.toThrow(
      /Your scenarios already have one with the id "my-farm"/,
    )
    expect(await fsp.readFile(join(userDir, 'my-farm.json'), 'utf8')).toBe(before)
  })

  it('deletes one of the player’s scenarios; a built-in one cannot be deleted', async () => {
    const { userDir, library } = await fresh()
    await library.save(mine())
    await library.remove('my-farm')
    expect(await fsp.readdir(userDir)).toEqual([])
    expect((await library.list()).some((s) => s.id === 'my-farm')).toBe(false)
    await expect(library.remove('farmhouse-skirmish')).rejects.toThrow('A built-in scenario cannot be deleted.')
    await expect(library.remove('my-farm')).rejects.toThrow('There is no scenario "my-farm" of yours to delete.')
  })

  it('lists a damaged file of the player’s with its problem instead of failing the list', async () => {
    const { userDir, library } = await fresh()
    await fsp.mkdir(userDir, { recursive: true })
    await fsp.writeFile(join(userDir, 'broken.json'), '{ not json')
    const broken = (await library.list()).find((s) => s.id === 'broken')
    expect(broken).toMatchObject({ source: 'user', problem: 'The file is not a scenario: it is not JSON text.' })
    await expect(library.get('broken')).rejects.toThrow('There is no scenario "broken".')
  })
})

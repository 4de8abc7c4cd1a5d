import { describe, expect, it } from 'vitest'
import type { StoreApi } from 'zustand/vanilla'
import { editorCheck, initialState, parseScenario, type Scenario } from '../../src-engine/index'
import type { Kit, WallSide } from '../../src-engine/index'
import ambush from '../../assets/scenarios/smle-ambush.json'
import commando from '../../assets/scenarios/smle-commando.json'
import exterminator from '../../assets/scenarios/smle-exterminator.json'
import fewBrave from '../../assets/scenarios/smle-few-brave-sentients.json'
import magnificentSeven from '../../assets/scenarios/smle-magnificent-seven.json'
import multipleSignals from '../../assets/scenarios/smle-multiple-signals.json'
import { blankScenario, freeScenarioId, slug } from './blank-scenario'
import { BUILDING_LIBRARY } from './building-library'
import {
  addDoor,
  addWindow,
  removeDoor,
  removeWindow,
  setFloorHeight,
  setStoreys,
  updateDoor,
  updateWindow,
} from './building-edits'
import { createEditorStore, type Draft, draftItems, type EditorState, type EditorTool } from './editor-store'
import {
  addOtherWeapon,
  removeOtherWeapon,
  setAmmo,
  setHeroAttribute,
  setHeroGrade,
  setKit,
  updateFigure,
  type HeroAttribute,
} from './figure-edits'
import { draftGroups, draftTeams, draftVehicles, type Item, list, teamFigures } from './force-draft'
import { addFigure, addTeam, setLeader, setSidePoints, setTeamGroup, updateTeam } from './force-edits'
import { addPlatoon, renameGroup, setLevel, setSectionPlatoon, setSideLevel } from './group-edits'
import { setObjectiveKind, setOptionalRule } from './rules-edits'
import { setAboard, setEntersRound, setHidden, setTeamPosition } from './setup-edits'
import {
  addCondition,
  type ConditionKind,
  draftVictory,
  setAtTimeLimit,
  setBaseEdge,
  setFirstSide,
  updateCondition,
  updateSide,
} from './side-edits'
import { addVehicle } from './vehicle-edits'

/*
 * The issue: a person can build the six §16 scenarios' tables in the editor
 * without touching a file, and play them. Each built-in scenario is walked
 * field by field and rebuilt from New game → Build a scenario (its name,
 * table size and the two sides' names) by the edits the panel's buttons,
 * fields and the table's clicks call, through the editor's store, never by
 * writing the draft's JSON. Both are then read by the engine's scenario
 * parser and compared.
 *
 * What the comparison normalises, and why:
 * - ids: the editor makes its own (`column-team-2`, `farmhouse-1-front`,
 *   `hill-1`, the sides' from their names) and no field changes one, so each
 *   id the editor made is renamed to the file's for the thing it was made
 *   for, wherever it is written (references included);
 * - a leader: Leader names the figure in its section (`leaderFigureId`) and
 *   flags it (`isLeader`); the file names it only. The engine reads a figure
 *   as leader when either says so (initial-state.ts), so the flag of a figure
 *   its group names is dropped.
 * Nothing else is normalised: what the editor cannot write is listed for
 * each scenario, and the exact rebuild of that scenario is expected to fail
 * until the editor can.
 */

type File = Readonly<Record<string, unknown>>
type Store = StoreApi<EditorState>

/** Ids the editor made, each the file's id of the same thing. */
class Ids {
  readonly toEditor = new Map<string, string>()
  put(fileId: unknown, editorId: string): void {
    this.toEditor.set(String(fileId), editorId)
  }
  of(fileId: unknown): string {
    const id = this.toEditor.get(String(fileId))
    if (id === undefined) throw new Error(`nothing made yet for the file's ${String(fileId)}`)
    return id
  }
  /** Editor id → file id (each editor id made for one thing only). */
  back(): Map<string, string> {
    const out = new Map<string, string>()
    for (const [f, e] of this.toEditor) {
      expect(out.has(e), `editor id ${e} made twice`).toBe(false)
      out.set(e, f)
    }
    return out
  }
}

const num = (v: unknown): number => Number(v)
const at = (p: unknown): { x: number; z: number } => {
  const q = p as { x: number; z: number }
  return { x: q.x, z: q.z }
}

/** The draft now. */
const draftOf = (s: Store): Draft => s.getState().draft
/** One edit, as a panel control makes it (one step to undo). */
const edit = (s: Store, change: (d: Draft) => Draft): void => s.getState().edit(change)

/** A click on the table with a tool in hand; a shape of several points is finished (Enter). */
function click(s: Store, tool: EditorTool, points: readonly { x: number; z: number }[], finish = false): void {
  s.getState().setTool(tool)
  for (const p of points) s.getState().addCorner(p)
  if (finish) s.getState().finishShape()
  s.getState().setTool('look')
}

/** Fields of an item of a list changed one at a time, as the list's fields commit them. */
function fields(s: Store, collection: Parameters<typeof draftItems>[1], id: string, patch: Readonly<Item>): void {
  for (const [key, value] of Object.entries(patch)) s.getState().updateItem(collection, id, { [key]: value })
}

/** One edit for each field of a patch, as each of a card's fields or lists makes its own. */
function each<P extends object>(s: Store, patch: P, change: (d: Draft, one: P) => Draft): void {
  for (const [key, value] of Object.entries(patch)) edit(s, (d) => change(d, { [key]: value } as P))
}

/** The item the last click added to a list. */
const lastOf = (s: Store, collection: Parameters<typeof draftItems>[1]): Item => {
  const items = draftItems(draftOf(s), collection)
  return items[items.length - 1]!
}

/** Moves a picked item by its arrows so that its place becomes `to`. */
function moveTo(s: Store, collection: 'figures' | 'vehicles', id: string, from: unknown, to: unknown): void {
  const a = at(from)
  const b = at(to)
  s.getState().moveItem(collection, id, b.x - a.x, b.z - a.z)
}

/** A list of ids ticked box by box (as the condition's check boxes do) until it is `target`, in its order. */
function tickTo(s: Store, index: number, key: string, target: readonly string[]): void {
  const now = (): string[] => list(draftVictory(draftOf(s)).conditions[index]?.[key]).map(String)
  const toggle = (id: string): void => {
    const ids = now()
    const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]
    if (next.length > 0) edit(s, (d) => updateCondition(d, index, { [key]: next }))
  }
  for (const id of target) if (!now().includes(id)) toggle(id)
  for (const id of now()) if (!target.includes(id)) toggle(id)
  if (now().join() !== target.join())
    for (const id of target) {
      toggle(id)
      toggle(id)
    }
}

/** The library building whose material and roof are the file's (the farmhouse's are the schema's defaults). */
function templateFor(b: Item): (typeof BUILDING_LIBRARY)[number] {
  const roof = b.roof as { kind: string; riseIn: number }
  return (
    BUILDING_LIBRARY.find(
      (t) => t.material === b.material && t.roof.kind === roof.kind && t.roof.riseIn === roof.riseIn,
    ) ?? BUILDING_LIBRARY.find((t) => t.key === 'farmhouse')!
  )
}

/**
 * Rebuilds a scenario in the editor from its parsed file (every default
 * filled in, so each field is set to what the game reads), returning the store
 * and the ids it made.
 */
function rebuild(raw: File): { store: Store; ids: Ids } {
  const parsed = parseScenario(raw)
  if (!parsed.ok) throw new Error(parsed.message)
  const file = parsed.scenario as unknown as Item
  const ids = new Ids()
  const table = file.table as { widthIn: number; depthIn: number }
  const sides = list(file.sides)

  // New game → Build a scenario: its name, the table's size and the two sides' names.
  const store = createEditorStore(
    blankScenario({
      // As the form makes it: from the name, the first no scenario has (the built-in one keeps its own).
      id: freeScenarioId(slug(String(file.name), 'new-scenario'), [String(file.id)]),
      name: String(file.name),
      widthIn: table.widthIn,
      depthIn: table.depthIn,
      sides: [String(sides[0]!.name), String(sides[1]!.name)],
    }),
  )
  const s = store
  ids.put(file.id, String(draftOf(s).id))
  const blankTeams = draftTeams(draftOf(s)).map((t) => String(t.id))
  list(draftOf(s).sides).forEach((side, i) => ids.put(sides[i]!.id, String(side.id)))

  // Name, description; the table's size (its fields).
  edit(s, (d) => ({ ...d, description: String(file.description) }))
  edit(s, (d) => ({ ...d, table: { ...(d.table as object), widthIn: table.widthIn } }))
  edit(s, (d) => ({ ...d, table: { ...(d.table as object), depthIn: table.depthIn } }))

  // The sides: colour, zone (two opposite corners with the zone tool), points, level; base edges.
  for (const side of sides) {
    const id = ids.of(side.id)
    each(s, { name: String(side.name), colour: String(side.colour) }, (d, p) => updateSide(d, id, p))
    const z = side.deploymentZone as { minX: number; minZ: number; maxX: number; maxZ: number }
    click(s, `zone:${id}`, [
      { x: z.minX, z: z.minZ },
      { x: z.maxX, z: z.maxZ },
    ])
    edit(s, (d) => setSidePoints(d, id, typeof side.points === 'number' ? side.points : null))
    edit(s, (d) => setSideLevel(d, id, typeof side.level === 'string' ? side.level : null))
  }
  for (const side of sides) edit(s, (d) => setBaseEdge(d, ids.of(side.id), null))
  for (const line of list(file.baseLines))
    if (typeof line.edge === 'string') edit(s, (d) => setBaseEdge(d, ids.of(line.sideId), line.edge as WallSide))
  edit(s, (d) => setLevel(d, String(file.level)))
  edit(s, (d) => setFirstSide(d, ids.of(file.firstSideId)))

  // Rules in force (§14), the last round.
  const optional = ((file.settings as Item).optional ?? {}) as Record<string, boolean>
  for (const [key, on] of Object.entries(optional)) if (on) edit(s, (d) => setOptionalRule(d, key, true))
  edit(s, (d) => ({ ...d, roundLimit: num(file.roundLimit) }))

  // Hills: placed at a click, height and radius in the list.
  const terrain = file.terrain as Item
  for (const h of list(terrain.hills)) {
    click(s, 'hill', [{ x: num(h.x), z: num(h.z) }])
    const id = String(lastOf(s, 'hills').id)
    ids.put(h.id, id)
    fields(s, 'hills', id, { heightIn: h.heightIn, radiusIn: h.radiusIn })
  }
  // Areas drawn corner by corner (a strip along a line has no tool).
  for (const a of list(terrain.areas)) {
    if (!Array.isArray(a.polygon)) continue
    click(s, `area:${String(a.kind)}` as EditorTool, (a.polygon as unknown[]).map(at), true)
    ids.put(a.id, String(lastOf(s, 'areas').id))
  }
  // Walls, hedges and fences drawn point by point.
  for (const l of list(file.linearFeatures)) {
    click(s, `line:${String(l.kind)}` as EditorTool, (l.points as unknown[]).map(at), true)
    ids.put(l.id, String(lastOf(s, 'linearFeatures').id))
  }

  // Buildings: placed at a click (centred there), turned and sized in the list; storeys, doors, windows.
  for (const b of list(file.buildings)) {
    const t = templateFor(b)
    click(s, `building:${t.key}`, [{ x: num(b.x) + t.widthIn / 2, z: num(b.z) + t.depthIn / 2 }])
    const id = String(lastOf(s, 'buildings').id)
    ids.put(b.id, id)
    // Its name, in the list's Called field.
    s.getState().updateItem('buildings', id, { name: String(b.name) })
    fields(s, 'buildings', id, { rotationDeg: b.rotationDeg, widthIn: b.widthIn, depthIn: b.depthIn })
    const floors = list(b.floors)
    edit(s, (d) => setStoreys(d, id, Math.max(1, floors.length)))
    if (floors.length === 0) edit(s, (d) => setFloorHeight(d, id, 0, num(b.wallHeightIn)))
    floors.forEach((f, i) => edit(s, (d) => setFloorHeight(d, id, i, num(f.heightIn))))
    const doorsNow = (): Item[] => list(list(draftOf(s).buildings).find((x) => x.id === id)?.doors)
    list(b.doors).forEach((door, i) => {
      let doorId = doorsNow()[i]?.id as string | undefined
      if (doorId === undefined) {
        let added = ''
        edit(s, (d) => {
          const next = addDoor(d, id, door.wall as WallSide)
          added = next?.doorId ?? ''
          return next ? next.draft : d
        })
        doorId = added
      }
      const did = doorId
      ids.put(door.id, did)
      each(
        s,
        {
          wall: door.wall as WallSide,
          offsetIn: num(door.offsetIn),
          state: door.state as 'open' | 'closed' | 'locked',
          kind: String(door.kind),
        },
        (d, p) => updateDoor(d, id, did, p),
      )
    })
    for (const extra of doorsNow().slice(list(b.doors).length)) edit(s, (d) => removeDoor(d, id, String(extra.id)))
    const windowsNow = (): Item[] => list(list(draftOf(s).buildings).find((x) => x.id === id)?.windows)
    while (windowsNow().length > 0) edit(s, (d) => removeWindow(d, id, 0))
    list(b.windows).forEach((w, i) => {
      edit(s, (d) => addWindow(d, id, w.wall as WallSide, num(w.floor)))
      edit(s, (d) => updateWindow(d, id, i, { offsetIn: num(w.offsetIn) }))
    })
  }

  // Prepared positions: placed at a click (a trench point by point), arc and width in the list, its side.
  for (const p of list(file.positions)) {
    if (p.kind === 'trench' && Array.isArray(p.points)) click(s, 'position:trench', p.points.map(at), true)
    else click(s, `position:${String(p.kind)}` as EditorTool, [{ x: num(p.x), z: num(p.z) }])
    const id = String(lastOf(s, 'positions').id)
    ids.put(p.id, id)
    s.getState().updateItem('positions', id, { arcDeg: p.arcDeg })
    if (typeof p.widthIn === 'number') s.getState().updateItem('positions', id, { widthIn: p.widthIn })
    if (typeof p.sideId === 'string') s.getState().updateItem('positions', id, { sideId: ids.of(p.sideId) })
  }

  // Objectives: placed at a click, radius in the list, kind and a cache's weapon.
  for (const o of list(file.objectives)) {
    click(s, 'objective', [{ x: num(o.x), z: num(o.z) }])
    const id = String(lastOf(s, 'objectives').id)
    ids.put(o.id, id)
    s.getState().updateItem('objectives', id, { name: String(o.name) })
    s.getState().updateItem('objectives', id, { radiusIn: o.radiusIn })
    edit(s, (d) => setObjectiveKind(d, id, String(o.kind)))
    if (typeof o.weapon === 'string') s.getState().updateItem('objectives', id, { weapon: o.weapon })
  }

  // Teams in the file's order: Add team (or, for a crew, Add vehicle…), then its fields and figures.
  const vehicles = list(file.vehicles)
  for (const team of list(file.teams)) {
    const sideId = ids.of(team.sideId)
    const crewOf = vehicles.find((v) => v.crewTeamId === team.id)
    let teamId = ''
    if (crewOf) {
      edit(s, (d) => {
        const next = addVehicle(d, sideId, String(crewOf.profile ?? 'jeep'))
        if (!next) return d
        ids.put(crewOf.id, next.vehicleId)
        teamId = `${next.vehicleId}-crew`
        return next.draft
      })
      const v = draftVehicles(draftOf(s)).find((x) => x.id === ids.of(crewOf.id))!
      s.getState().updateItem('vehicles', String(v.id), { facingDeg: crewOf.facingDeg })
      moveTo(s, 'vehicles', String(v.id), v.position, crewOf.position)
    } else
      edit(s, (d) => {
        const next = addTeam(d, sideId)
        teamId = next.teamId
        return next.draft
      })
    ids.put(team.id, teamId)
    each(
      s,
      {
        name: String(team.name),
        kind: String(team.kind),
        quality: String(team.quality),
        motivation: String(team.motivation),
      },
      (d, p) => updateTeam(d, teamId, p),
    )
    const figuresNow = (): Item[] => teamFigures(draftTeams(draftOf(s)).find((t) => t.id === teamId)!)
    const wanted = list(team.figures)
    while (figuresNow().length < wanted.length)
      edit(s, (d) => {
        const added = addFigure(d, teamId)
        return added ? added.draft : d
      })
    for (const extra of figuresNow().slice(wanted.length)) s.getState().removeItem('figures', String(extra.id))
    wanted.forEach((f, i) => {
      const fid = String(figuresNow()[i]!.id)
      ids.put(f.id, fid)
      each(
        s,
        {
          name: String(f.name),
          weapon: String(f.weapon),
          armour: String(f.armour),
          quality: typeof f.quality === 'string' ? f.quality : 'team',
          cameraFodder: f.cameraFodder === true,
          significant: f.significant === true,
          unreliable: f.unreliable === true,
        },
        (d, p) => updateFigure(d, fid, p),
      )
      const other = list(f.otherWeapons).map(String)
      for (const w of other) edit(s, (d) => addOtherWeapon(d, fid, w))
      const carried = (): string[] => list(figuresNow()[i]!.otherWeapons).map(String)
      for (const w of carried()) if (!other.includes(w)) edit(s, (d) => removeOtherWeapon(d, fid, w))
      const kit = list(f.kit).map(String)
      for (const k of ['doorBreakers', 'radio', 'medic', 'demolitionCharge', 'bayonet'] as Kit[])
        edit(s, (d) => setKit(d, fid, k, kit.includes(k)))
      const hero = f.hero as Item | undefined
      edit(s, (d) => setHeroGrade(d, fid, (hero ? num(hero.grade) : 0) as 0 | 1 | 2 | 3))
      if (hero)
        for (const a of ['tough', 'spotlight', 'lucky', 'bigGuns'] as HeroAttribute[])
          edit(s, (d) => setHeroAttribute(d, fid, a, hero[a] === true))
    })
    for (const [weapon, rounds] of Object.entries((team.ammo ?? {}) as Record<string, number>))
      edit(s, (d) => setAmmo(d, teamId, weapon, rounds))
    edit(s, (d) => setHidden(d, teamId, team.hidden === true))
    edit(s, (d) => setEntersRound(d, teamId, typeof team.entersRound === 'number' ? team.entersRound : null))
  }

  // Set-up: a team in a prepared position or aboard a vehicle as passengers; then each figure moved to its place.
  for (const team of list(file.teams)) {
    const teamId = ids.of(team.id)
    if (typeof team.preparedPositionId === 'string') {
      const pid = ids.of(team.preparedPositionId)
      edit(s, (d) => setTeamPosition(d, teamId, pid))
    }
    if (typeof team.vehicleId === 'string' && !vehicles.some((v) => v.crewTeamId === team.id)) {
      const vid = ids.of(team.vehicleId)
      edit(s, (d) => setAboard(d, teamId, vid))
    }
  }
  // Positions whose side the file gives (a team seated in one makes it its side's too).
  for (const p of list(file.positions))
    s.getState().updateItem('positions', ids.of(p.id), {
      sideId: typeof p.sideId === 'string' ? ids.of(p.sideId) : undefined,
    })
  for (const team of list(file.teams))
    for (const f of list(team.figures)) {
      const fid = ids.of(f.id)
      const now = draftTeams(draftOf(s))
        .flatMap(teamFigures)
        .find((x) => x.id === fid)!
      moveTo(s, 'figures', fid, now.position, f.position)
    }

  // Sections and platoons, in the file's order: a team's section list (New section, or a platoon for its command
  // team), Add platoon; names, the platoon a section is in, leaders.
  for (const g of list(file.groups)) {
    if (g.level === 'platoon') {
      let made = ''
      edit(s, (d) => {
        const next = addPlatoon(d, ids.of(g.sideId))
        made = next.platoonId
        return next.draft
      })
      ids.put(g.id, made)
    } else {
      const first = list(file.teams).find((t) => t.groupId === g.id)
      if (!first) continue
      const teamId = ids.of(first.id)
      edit(s, (d) => setTeamGroup(d, teamId, 'new'))
      ids.put(g.id, String(draftTeams(draftOf(s)).find((t) => t.id === teamId)!.groupId))
    }
    edit(s, (d) => renameGroup(d, ids.of(g.id), String(g.name)))
  }
  for (const team of list(file.teams))
    if (typeof team.groupId === 'string') {
      const teamId = ids.of(team.id)
      const groupId = ids.of(team.groupId)
      edit(s, (d) => setTeamGroup(d, teamId, { groupId }))
    }
  for (const g of list(file.groups)) {
    if (typeof g.parentId === 'string') {
      const parent = ids.of(g.parentId)
      edit(s, (d) => setSectionPlatoon(d, ids.of(g.id), parent))
    }
    if (typeof g.leaderFigureId === 'string') {
      const leader = ids.of(g.leaderFigureId)
      edit(s, (d) => setLeader(d, leader, true))
    }
  }
  for (const team of list(file.teams))
    for (const f of list(team.figures))
      if (f.isLeader === true && team.groupId === undefined) edit(s, (d) => setLeader(d, ids.of(f.id), true))

  // The ways to win: <side> wins if…, then each part from its list or boxes; who wins at the time limit.
  list((file.victory as Item).conditions).forEach((c, index) => {
    const side = ids.of(c.kind === 'control' ? list(c.sideIds)[0] : c.sideId)
    edit(s, (d) => addCondition(d, c.kind as ConditionKind, side))
    for (const key of ['sideId', 'targetSideId', 'objectiveId'] as const)
      if (typeof c[key] === 'string') edit(s, (d) => updateCondition(d, index, { [key]: ids.of(c[key]) }))
    for (const key of ['edge', 'fraction', 'holdRounds'] as const)
      if (c[key] !== undefined) edit(s, (d) => updateCondition(d, index, { [key]: c[key] }))
    for (const key of ['sideIds', 'objectiveIds', 'figureIds'] as const)
      if (Array.isArray(c[key]))
        tickTo(
          s,
          index,
          key,
          (c[key] as unknown[]).map((x) => ids.of(x)),
        )
  })
  const winner = String((file.victory as Item).atTimeLimit)
  edit(s, (d) => setAtTimeLimit(d, winner === 'draw' ? 'draw' : ids.of(winner)))

  // The team each side started with on the blank table goes (✕).
  for (const id of blankTeams) s.getState().removeItem('teams', id)
  return { store, ids }
}

/** Keys that hold an id or a list of ids. */
const ID_KEYS = new Set([
  'id',
  'sideId',
  'targetSideId',
  'firstSideId',
  'atTimeLimit',
  'groupId',
  'parentId',
  'leaderFigureId',
  'objectiveId',
  'preparedPositionId',
  'vehicleId',
  'crewTeamId',
  'sideIds',
  'objectiveIds',
  'figureIds',
])

/** The draft with every id the editor made renamed to the file's (see the note at the top). */
function renamed(v: unknown, back: ReadonlyMap<string, string>, key = ''): unknown {
  if (typeof v === 'string' && ID_KEYS.has(key)) return back.get(v) ?? v
  if (Array.isArray(v)) return v.map((x) => renamed(x, back, key))
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, renamed(x, back, k)]))
  return v
}

/** A figure's leader flag dropped where its group names it leader (the same to the engine; see the note). */
function leaderFlagsNamed(scenario: Item): Item {
  const named = new Set(draftGroups(scenario).map((g) => g.leaderFigureId))
  return {
    ...scenario,
    teams: draftTeams(scenario).map((t) => ({
      ...t,
      figures: teamFigures(t).map((f) => (f.isLeader === true && named.has(f.id) ? { ...f, isLeader: false } : f)),
    })),
  }
}

/** Where two values differ, as `path: editor ≠ file`. */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    const out: string[] = []
    for (let i = 0; i < Math.max(a.length, b.length); i++) out.push(...differences(a[i], b[i], `${path}[${i}]`))
    return out
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].flatMap((k) => differences((a as Item)[k], (b as Item)[k], path === '' ? k : `${path}.${k}`))
  }
  return Object.is(a, b) ? [] : [`${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`]
}

/** The file and its rebuild, each as the engine's parser reads it (ids and leader flags normalised), and the draft as made. */
function bothParsed(raw: File): { rebuilt: Item; file: Item; draft: Draft } {
  const { store, ids } = rebuild(raw)
  const draft = store.getState().draft
  const rebuiltParse = parseScenario(renamed(draft, ids.back()))
  const fileParse = parseScenario(raw)
  if (!rebuiltParse.ok) throw new Error(`the rebuilt scenario does not parse: ${rebuiltParse.message}`)
  if (!fileParse.ok) throw new Error(fileParse.message)
  return {
    rebuilt: leaderFlagsNamed(rebuiltParse.scenario as unknown as Item),
    file: leaderFlagsNamed(fileParse.scenario as unknown as Item),
    draft,
  }
}

/** Something of a scenario file no editor control writes: in words, and where it shows in the parsed scenario. */
interface Gap {
  readonly what: string
  readonly path: RegExp
}

const CASES: readonly { readonly raw: File; readonly cannot: readonly Gap[] }[] = [
  { raw: ambush, cannot: [] },
  { raw: commando, cannot: [] },
  { raw: exterminator, cannot: [] },
  { raw: fewBrave, cannot: [] },
  { raw: magnificentSeven, cannot: [] },
  { raw: multipleSignals, cannot: [] },
]

const figureCount = (scenario: Item): number => draftTeams(scenario).flatMap(teamFigures).length

describe('the six §16 scenarios rebuilt in the editor from an empty table, by its own edits', () => {
  for (const c of CASES) {
    const id = String(c.raw.id)
    const gaps = c.cannot.map((g) => g.what).join('; ')
    it(`${id}: saved and played as built${gaps ? `; it differs from the file only where the editor cannot write ${gaps}` : ''}`, () => {
      const { rebuilt, file, draft } = bothParsed(c.raw)
      // Save and Play-test are refused while the check finds an error.
      expect(editorCheck(draft).problems.filter((p) => p.severity === 'error')).toEqual([])
      const played = parseScenario(draft)
      if (!played.ok) throw new Error(played.message)
      const state = initialState(played.scenario as unknown as Scenario, 1)
      expect(Object.keys(state.figures)).toHaveLength(figureCount(file))
      // Every difference left is one of the gaps named, and each gap named is still there.
      const paths = differences(rebuilt, file).map((d) => d.slice(0, d.indexOf(': ')))
      expect(paths.filter((p) => !c.cannot.some((g) => g.path.test(p)))).toEqual([])
      for (const g of c.cannot)
        expect(
          paths.some((p) => g.path.test(p)),
          g.what,
        ).toBe(true)
    })
    const exact = c.cannot.length === 0 ? it : it.fails
    exact(
      `${id}: the rebuilt scenario equals the file${gaps ? ` (fails: no editor control writes ${gaps})` : ''}`,
      () => {
        const { rebuilt, file } = bothParsed(c.raw)
        expect(rebuilt).toEqual(file)
      },
    )
  }
})

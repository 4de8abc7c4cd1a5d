import { expect, type Page, test } from '@playwright/test'
import {
  type FigureState,
  initialState,
  type MatchState,
  type Scenario,
  ScenarioSchema,
  type TeamActivation,
} from '../../src-engine/index'
import { hostRequest, openApp, shot, snapshot } from './support'

type P = { x: number; y: number; z: number }

test.beforeEach(async () => {
  await hostRequest('match:new', { scenarioId: 'reference-town', seed: 1 })
})

const rolled = (band: number): TeamActivation => ({ die: 3, al: band, band, modifiers: [], shifts: [], blockId: '' })

async function show(page: Page, state: MatchState, scenario?: Scenario): Promise<void> {
  await page.evaluate((v) => window.smleInspect!.showState(v as never), { state, scenario })
}
async function look(page: Page, position: P, target: P): Promise<void> {
  await page.evaluate(({ position, target }) => window.smleInspect!.setCamera(position, target), { position, target })
  await page.waitForTimeout(300)
}

/** The first Blue team in every state a figure can be in; the second in its prepared position; bands rolled, the first team's turn. */
function figuresInEachState(state: MatchState): MatchState {
  const patch: Record<string, Partial<FigureState>> = {
    'blue-1-2': { prone: true, braced: true },
    'blue-1-3': { status: 'lightWound' },
    'blue-1-4': { status: 'seriousWound' },
    'blue-1-5': { status: 'dead' },
    'blue-1-6': { braced: true },
  }
  const figures = { ...state.figures }
  for (const [id, p] of Object.entries(patch)) figures[id] = { ...figures[id]!, ...p }
  const teams = Object.fromEntries(
    Object.entries(state.teams).map(([id, t], i) => [
      id,
      { ...t, activation: rolled((i * 7) % 11), preparedPositionId: id === 'blue-2' ? 'pos' : t.preparedPositionId },
    ]),
  )
  return { ...state, phase: 'play', figures, teams, activeUnit: { teamIds: ['blue-1'], index: 0, turn: 'first' } }
}

/** A small flat table with four vehicles, their crews and passengers aboard, and a few figures on foot. */
function motorPool(): Scenario {
  const crew = (
    id: string,
    sideId: string,
    vehicleId: string,
    n: number,
    at: { x: number; z: number },
    kind?: 'crew',
  ) => ({
    id,
    name: id,
    sideId,
    ...(kind ? { kind } : {}),
    vehicleId,
    figures: Array.from({ length: n }, (_, i) => ({ id: `${id}-${i + 1}`, name: `${id} ${i + 1}`, position: at })),
  })
  return ScenarioSchema.parse({
    formatVersion: 1,
    id: 'motor-pool',
    name: 'Motor pool',
    ruleset: 'smle',
    table: { widthIn: 48, depthIn: 48 },
    sides: [
      { id: 'blue', name: 'Blue', colour: '#3f6fb0', deploymentZone: { minX: 0, minZ: 36, maxX: 48, maxZ: 48 } },
      { id: 'red', name: 'Red', colour: '#b0413e', deploymentZone: { minX: 0, minZ: 0, maxX: 48, maxZ: 8 } },
    ],
    firstSideId: 'blue',
    vehicles: [
      {
        id: 'ht',
        name: 'Halftrack',
        sideId: 'blue',
        profile: 'halftrack',
        crewTeamId: 'ht-crew',
        position: { x: 22, z: 40 },
        facingDeg: 20,
        lengthIn: 3,
        widthIn: 1.5,
      },
      {
        id: 'tank',
        name: 'Sherman',
        sideId: 'blue',
        profile: 'medium-tank',
        crewTeamId: 'tank-crew',
        position: { x: 30, z: 39 },
        facingDeg: 300,
        lengthIn: 3.5,
        widthIn: 1.8,
      },
      {
        id: 'heli',
        name: 'Helicopter',
        sideId: 'blue',
        crewTeamId: 'pilots',
        position: { x: 36, z: 44 },
        combatSpeedIn: 20,
        roadSpeedIn: 40,
        armour: { front: 'bp', side: 'bp', rear: 'bp', top: 'bp' },
        passengerCapacity: 6,
        helicopter: true,
      },
      {
        id: 'wreck',
        name: 'Panzer IV',
        sideId: 'red',
        profile: 'medium-tank',
        crewTeamId: 'pz-crew',
        position: { x: 24, z: 33 },
        facingDeg: 150,
        lengthIn: 3.5,
        widthIn: 1.8,
      },
    ],
    teams: [
      crew('ht-crew', 'blue', 'ht', 2, { x: 22, z: 40 }, 'crew'),
      crew('ht-rifles', 'blue', 'ht', 4, { x: 22, z: 40 }),
      crew('tank-crew', 'blue', 'tank', 5, { x: 30, z: 39 }, 'crew'),
      crew('pilots', 'blue', 'heli', 2, { x: 36, z: 44 }, 'crew'),
      crew('pz-crew', 'red', 'wreck', 1, { x: 24, z: 33 }, 'crew'),
      {
        id: 'red-rifles',
        name: 'Red rifles',
        sideId: 'red',
        figures: [
          { id: 'r-1', name: 'Red 1', position: { x: 27, z: 34 } },
          { id: 'r-2', name: 'Red 2', position: { x: 28.5, z: 34 } },
        ],
      },
    ],
  })
}

test('marks on the table: figure states, activation bands, sight lines, a burst template, vehicles and the reference town', async ({
  page,
}, info) => {
  await openApp(page)
  const snap = await snapshot()
  expect(snap.scenario.id).toBe('reference-town')
  await shot(page, info, '01-reference-town')
  await expect(page.getByTestId('objective-label')).toHaveCount(snap.scenario.objectives.length)
  const drawn = await page.evaluate(() => window.smleInspect!.renderInfo())
  expect(drawn.drawCalls).toBeLessThanOrEqual(100)

  // Figures in each state, close up.
  await show(page, figuresInEachState(snap.state))
  await expect(page.locator('[data-testid="activation-label"][data-active="true"]')).toHaveCount(1)
  const names = await page.evaluate(() => window.smleInspect!.objectNames())
  for (const n of ['figure-serious-wounds', 'figure-braced', 'figure-positions', 'figure-active', 'figure-wounds'])
    expect(names).toContain(n)
  await look(page, { x: 4, y: 5.5, z: 48.5 }, { x: 4, y: 0.3, z: 40.6 })
  await shot(page, info, '02-figure-states')
  await look(page, { x: 6.5, y: 7, z: 44.5 }, { x: 4.5, y: 0.3, z: 40.5 })
  await shot(page, info, '02b-figure-states-from-above')
  await look(page, { x: 12, y: 22, z: 62 }, { x: 14, y: 0, z: 40 })
  await shot(page, info, '03-activation-bands')

  // Sight lines from the Blue 1 figures to a Red team, one of each cover, and a deviated grenade.
  const from = (id: string): P => ({ ...snap.state.figures[id]!.position, y: snap.state.figures[id]!.position.y + 1 })
  const target: P = { x: 14, y: 1, z: 30 }
  const covers = ['none', 'soft', 'hard', 'position', 'blocked'] as const
  const sightLines = covers.map((cover, i) => ({
    firerId: `blue-1-${i + 1}`,
    from: from(`blue-1-${i + 1}`),
    to: { ...target, x: target.x + i * 0.6 },
    cover,
    visible: cover === 'blocked' ? 0 : 0.6,
  }))
  await page.evaluate((m) => window.smleInspect!.showMarks(m as never), {
    sightLines,
    burst: { aim: { x: 20, y: 0, z: 41 }, at: { x: 22.5, y: 0, z: 43.5 }, radiusIn: 2 },
  })
  const legend = page.getByTestId('sight-legend')
  await expect(legend).toHaveAttribute('data-lines', '5')
  await expect(legend).toHaveAttribute('data-blocked', '1')
  await expect(page.getByTestId('burst-label')).toHaveAttribute('data-deviation', '3.5')
  await look(page, { x: 12, y: 24, z: 60 }, { x: 12, y: 0, z: 37 })
  await shot(page, info, '04-sight-lines-and-burst')

  const { widthIn: w, depthIn: d } = snap.scenario.table
  await look(page, { x: w / 2, y: Math.max(w, d) * 0.62, z: d + Math.max(w, d) * 0.7 }, { x: w / 2, y: 0, z: d / 2 })
  await shot(page, info, '04b-town-in-play')

  // Vehicles: a halftrack at combat speed, a tank at road speed, a damaged helicopter, a knocked-out tank.
  const scenario = motorPool()
  const s0 = initialState(scenario, 1)
  const vehicles = {
    ...s0.vehicles,
    ht: { ...s0.vehicles.ht!, movedIn: 6, facingDeg: 20 },
    heli: { ...s0.vehicles.heli!, status: 'VSW' as const, vswCount: 1 },
    tank: { ...s0.vehicles.tank!, movedIn: 14, roadSpeed: true },
    wreck: { ...s0.vehicles.wreck!, status: 'killed' as const },
  }
  await page.evaluate(() => window.smleInspect!.showMarks({ sightLines: null, burst: null }))
  await show(page, { ...s0, vehicles }, scenario)
  await expect(page.locator('[data-testid="vehicle-label"]')).toHaveCount(4)
  await expect(page.locator('[data-vehicle="ht"]')).toHaveAttribute('data-speed', 'combat speed 6 mph')
  await expect(page.locator('[data-vehicle="ht"]')).toHaveAttribute('data-passengers', '4')
  await look(page, { x: 28, y: 17, z: 58 }, { x: 29, y: 0, z: 39 })
  await shot(page, info, '05-vehicles')

  // The Sherman, turned away to 220°, fired its 75 at the red rifles (north-west of it): its turret is laid on them.
  const fired = { ...s0, vehicles: { ...vehicles, tank: { ...vehicles.tank, facingDeg: 220 } } }
  const event = {
    type: 'ShotResolved',
    figureId: 'tank-crew-1',
    weapon: 'gun-75',
    kind: 'direct',
    targetTeamId: 'red-rifles',
    success: false,
    hits: 0,
  }
  await page.evaluate((v) => window.smleInspect!.showState(v as never), {
    state: fired,
    scenario,
    recent: [{ seq: 1, event, before: fired }],
  })
  // Picked, the tank shows its front (white) and rear (red) arcs and the line of its gun.
  const tank = fired.vehicles.tank!
  await look(page, { x: 30, y: 14, z: 50 }, { x: 28, y: 0, z: 37 })
  const hull = await page.evaluate(([x, y, z]) => window.smleInspect!.project(x, y, z), [
    tank.position.x,
    tank.position.y + 0.8,
    tank.position.z,
  ] as const)
  // The state was put in place just now: a click before the table has drawn it (a busy machine) finds no tank, and a
  // player who saw nothing happen clicks again (a second click keeps the tank picked).
  await expect
    .poll(
      async () => {
        await page.mouse.click(hull.x, hull.y)
        return page.evaluate(() => window.smleInspect!.objectNames())
      },
      { intervals: [1000, 2000, 4000] },
    )
    .toContain('vehicle-gun-line')
  const arcs = await page.evaluate(() => window.smleInspect!.objectNames())
  expect(arcs.filter((n) => n === 'vehicle-arc-front')).toHaveLength(2)
  expect(arcs.filter((n) => n === 'vehicle-arc-rear')).toHaveLength(2)
  await shot(page, info, '06-turret-laid-and-arcs')
})

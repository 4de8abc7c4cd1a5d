import type { EventLog } from './events/event-log'
import type { FigureState } from './state/state'
import type { World } from './world'
import { resolveAssault } from './assault-flow'
import { rotate } from './edges'
import { MONSTER_TRIGGER_IN, monsterReturn, monsterRevival } from './fodder-monsters'
import { canAct, isPresent } from './organisation'
import { hypot } from '../../util/geometry'
import { vehicleHulls } from './vehicle-sight'

/** Living enemy figures on foot of a monster. */
function enemiesOf(log: EventLog, monster: FigureState): FigureState[] {
  return Object.values(log.state.figures).filter(
    (f) => f.sideId !== monster.sideId && canAct(f) && f.vehicleId === null,
  )
}

/**
 * SMLE-MONSTER-03: a monster playing dead revives when the first enemy
 * figure comes within 4": it gets up with a light wound and at once assaults
 * that figure, which is surprised (−2, SMLE-CA-08).
 */
export function reviveMonsters(log: EventLog, world: World): void {
  for (const m of Object.values(log.state.figures)) {
    if (m.lurking !== 'playingDead' || m.offTable !== null) continue
    const enemies = enemiesOf(log, m).map((e) => ({ id: e.id, distanceIn: world.distanceIn(m, e) }))
    const revival = monsterRevival(enemies)
    if (!revival) continue
    const victim = log.state.figures[revival.assaultTargetId]
    if (!victim) continue
    log.push({ type: 'MonsterState', figureId: m.id, lurking: null, returnsRound: null, at: null })
    log.push({
      type: 'FigureStatusChanged',
      figureId: m.id,
      status: 'lightWound',
      cause: 'the monster ain\u2019t dead [SMLE-MONSTER-03]',
    })
    // It springs at the figure: into base contact, then the assault.
    const d = hypot(victim.position.x - m.position.x, victim.position.z - m.position.z) || 1
    const gap = m.baseRadiusIn + victim.baseRadiusIn
    const to = {
      x: victim.position.x - ((victim.position.x - m.position.x) / d) * gap,
      z: victim.position.z - ((victim.position.z - m.position.z) / d) * gap,
    }
    const at = { x: Math.round(to.x * 100) / 100, y: world.groundHeightAt(to.x, to.z), z: Math.round(to.z * 100) / 100 }
    log.push({
      type: 'FigureMoved',
      figureId: m.id,
      from: m.position,
      to: at,
      distanceIn: 0,
      facingDeg: m.facingDeg,
      endsMove: true,
      crawl: false,
      forced: true,
    })
    resolveAssault(log, world, {
      attackerTeamId: m.teamId,
      defenderTeamId: victim.teamId,
      // Table 11.2: a fall back takes it to where it began the round (where it lay, unless it moved this round).
      starts: { [m.id]: m.roundStartAt ?? m.position },
      surprised: [victim.id],
    })
  }
}

/**
 * SMLE-MONSTER-03: a monster that vanished in an explosion comes back in
 * its round, with a light wound, within 6" of a random enemy figure, at a
 * spot that figure cannot see.
 */
export function returnMonsters(log: EventLog, world: World): void {
  for (const m of Object.values(log.state.figures)) {
    if (m.lurking !== 'vanished' || m.returnsRound === null || m.returnsRound > log.state.round) continue
    const enemies = enemiesOf(log, m)
    if (enemies.length === 0) continue
    const back = monsterReturn(
      enemies.map((e) => e.id),
      () => log.roll({ purpose: `where ${m.name} returns`, dice: 1, modifiers: [] }).faces[0] ?? 1,
    )
    const near = log.state.figures[back.nearEnemyId]
    const spot = near ? hiddenSpot(log, world, m, near, back.withinIn) : null
    if (!spot) continue
    log.push({ type: 'MonsterState', figureId: m.id, lurking: null, returnsRound: null, at: spot })
    log.push({
      type: 'FigureStatusChanged',
      figureId: m.id,
      status: 'lightWound',
      cause: 'back from the blast [SMLE-MONSTER-03]',
    })
  }
}

function hiddenSpot(
  log: EventLog,
  world: World,
  m: FigureState,
  near: FigureState,
  withinIn: number,
): { x: number; y: number; z: number } | null {
  for (const r of [withinIn, withinIn * 0.75, withinIn / 2, MONSTER_TRIGGER_IN + 0.5]) {
    for (let a = 0; a < 360; a += 30) {
      const dir = rotate({ x: 0, z: -1 }, a)
      const x = Math.round((near.position.x + dir.x * r) * 100) / 100
      const z = Math.round((near.position.z + dir.z * r) * 100) / 100
      if (world.footprintBlocker({ x, z }, m.baseRadiusIn, log.state.doors)) continue
      const at = { x, y: world.groundHeightAt(x, z), z }
      const taken = Object.values(log.state.figures).some(
        (o) =>
          o.id !== m.id &&
          isPresent(o) &&
          o.vehicleId === null &&
          hypot(o.position.x - x, o.position.z - z) < o.baseRadiusIn + m.baseRadiusIn,
      )
      if (taken || world.distanceIn({ ...m, position: at }, near) > withinIn + 1e-9) continue
      if (
        world.sight(near, { ...m, position: at, prone: false }, log.state.doors, vehicleHulls(log.state))
          .visiblePoints === 0
      )
        return at
    }
  }
  return null
}

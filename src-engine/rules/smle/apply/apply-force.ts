import { updateFigure, updateFigures, updateTeam, updateVehicle, withItem } from './apply-helpers'
import type { GameEventOf } from '../events/events'
import type { FigureState, MatchState } from '../state/state'

function teamBroke(s: MatchState, e: GameEventOf<'TeamBroke'>): MatchState {
  let next = updateTeam(s, e.teamId, (t) => ({ breaks: t.breaks + 1 }))
  for (const d of e.dropped) {
    const f = next.figures[d.figureId]
    if (!f) throw new Error(`applyEvent: unknown figure ${d.figureId}`)
    const i = f.weapons.indexOf(d.weapon)
    next = updateFigure(next, f.id, {
      weapons: i < 0 ? f.weapons : [...f.weapons.slice(0, i), ...f.weapons.slice(i + 1)],
    })
  }
  return {
    ...next,
    items: [...next.items, ...e.dropped.map((d) => ({ id: d.itemId, weapon: d.weapon, position: d.at }))],
  }
}

function teamGone(s: MatchState, e: GameEventOf<'TeamGone'>): MatchState {
  const team = s.teams[e.teamId]
  if (!team) throw new Error(`applyEvent: unknown team ${e.teamId}`)
  const next = updateTeam(s, team.id, { gone: e.reason })
  // The living leave the table; the dead stay where they fell.
  return updateFigures(next, team.figureIds, (f) =>
    f.status === 'dead' || f.offTable ? {} : { offTable: e.reason === 'fled' ? 'fled' : 'captured', vehicleId: null },
  )
}

function statusChanged(s: MatchState, e: GameEventOf<'FigureStatusChanged'>): MatchState {
  const f = s.figures[e.figureId]
  if (!f) throw new Error(`applyEvent: unknown figure ${e.figureId}`)
  const lying = e.status === 'dead' || e.status === 'seriousWound' || e.status === 'playingDead'
  const patch: Partial<FigureState> = {
    status: e.status,
    // SMLE-DMG-06: a seriously wounded figure falls prone; the dead lie where they fell.
    prone: lying ? true : f.prone,
    treated: e.treated ?? (e.status === 'lightWound' ? f.status === 'lightWound' && f.treated : false),
    helping: lying ? null : f.helping,
  }
  return updateFigure(s, f.id, patch)
}

/** Reducers for breaks, items, wounds and the Other options (§5, §10). */
export const forceReducers = {
  TeamBroke: teamBroke,
  TeamGone: teamGone,
  ItemPickedUp: (s: MatchState, e: GameEventOf<'ItemPickedUp'>): MatchState => {
    const f = s.figures[e.figureId]
    if (!f) throw new Error(`applyEvent: unknown figure ${e.figureId}`)
    const next = updateFigure(s, f.id, { weapons: [...f.weapons, e.weapon] })
    return e.cache
      ? { ...next, cachesTaken: withItem(next.cachesTaken, e.itemId) }
      : { ...next, items: next.items.filter((i) => i.id !== e.itemId) }
  },
  OtherOptionTaken: (s: MatchState, e: GameEventOf<'OtherOptionTaken'>): MatchState =>
    updateTeam(s, e.teamId, { other: e.option }),
  FirstAidGiven: (s: MatchState, e: GameEventOf<'FirstAidGiven'>): MatchState =>
    updateFigure(s, e.figureId, { treated: true }),
  Helping: (s: MatchState, e: GameEventOf<'Helping'>): MatchState =>
    updateFigure(s, e.figureId, { helping: e.woundedId }),
  // SMLE-OPT-10: reloading readies every weapon but a spent single shot.
  WeaponsReloaded: (s: MatchState, e: GameEventOf<'WeaponsReloaded'>): MatchState =>
    updateFigures(s, e.figureIds, (f) => ({
      weaponState: Object.fromEntries(Object.entries(f.weaponState).filter(([, v]) => v === 'spent')),
    })),
  WeaponStateChanged: (s: MatchState, e: GameEventOf<'WeaponStateChanged'>): MatchState =>
    updateFigures(s, [e.figureId], (f) => {
      const rest = Object.fromEntries(Object.entries(f.weaponState).filter(([k]) => k !== e.weapon))
      return { weaponState: e.state === 'ready' ? rest : { ...rest, [e.weapon]: e.state } }
    }),
  VehicleRepaired: (s: MatchState, e: GameEventOf<'VehicleRepaired'>): MatchState =>
    updateVehicle(s, e.vehicleId, { status: 'ok' }),
  FigureStatusChanged: statusChanged,
  FigureSpent: (s: MatchState, e: GameEventOf<'FigureSpent'>): MatchState =>
    updateFigure(s, e.figureId, { spent: e.why }),
  FireReceived: (s: MatchState, e: GameEventOf<'FireReceived'>): MatchState =>
    updateTeam(s, e.teamId, (t) => {
      const r = t.fire.thisRound
      return {
        fresh: false,
        fire: {
          ...t.fire,
          thisRound: {
            direct: r.direct || e.direct,
            auto: r.auto || e.auto,
            explosive: r.explosive || e.explosive,
            flank: r.flank || e.flank,
            rear: r.rear || e.rear,
            byTeams: withItem(r.byTeams, e.fromTeamId),
          },
        },
      }
    }),
  AttackMade: (s: MatchState, e: GameEventOf<'AttackMade'>): MatchState =>
    updateFigures(
      updateTeam(s, e.teamId, (t) => ({
        attack: e.kind,
        opportunityFired: t.opportunityFired || e.kind === 'opportunity',
        attackedThisTurn: e.kind !== 'opportunity',
      })),
      e.firerIds,
      () => ({ firedThisRound: true }),
    ),
  ShotResolved: (s: MatchState): MatchState => s,
  Explosion: (s: MatchState): MatchState => s,
  AmmoSpent: (s: MatchState, e: GameEventOf<'AmmoSpent'>): MatchState =>
    updateTeam(s, e.teamId, (t) => ({ ammo: { ...t.ammo, [e.weapon]: e.left } })),
  VehicleDamaged: (s: MatchState, e: GameEventOf<'VehicleDamaged'>): MatchState =>
    updateVehicle(s, e.vehicleId, {
      status: e.status,
      vswCount: e.vswCount,
      ...(e.stopped ? { stoppedRound: s.round } : {}),
    }),
  MissionCalled: (s: MatchState, e: GameEventOf<'MissionCalled'>): MatchState => ({
    ...s,
    missions: [...s.missions, e.mission],
  }),
  MissionEnded: (s: MatchState, e: GameEventOf<'MissionEnded'>): MatchState => ({
    ...s,
    missions: s.missions.filter((m) => m.id !== e.missionId),
  }),
  ObservationSet: (s: MatchState, e: GameEventOf<'ObservationSet'>): MatchState =>
    updateTeam(s, e.teamId, { observing: e.observing }),
  MonsterState: (s: MatchState, e: GameEventOf<'MonsterState'>): MatchState => {
    const f = s.figures[e.figureId]
    if (!f) throw new Error(`applyEvent: unknown figure ${e.figureId}`)
    const revived = f.lurking !== null && e.lurking === null
    return updateFigure(s, f.id, {
      lurking: e.lurking,
      returnsRound: e.returnsRound,
      revivals: revived ? f.revivals + 1 : f.revivals,
      offTable: e.lurking === 'vanished' ? 'vanished' : f.offTable === 'vanished' ? null : f.offTable,
      ...(e.at ? { position: e.at } : {}),
      ...(e.lurking === 'playingDead' ? { prone: true } : {}),
    })
  },
  ContactMade: (s: MatchState, e: GameEventOf<'ContactMade'>): MatchState =>
    e.teamIds.reduce((acc, id) => updateTeam(acc, id, { fresh: false }), s),
}

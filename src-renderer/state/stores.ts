import { createStore, type StoreApi } from 'zustand/vanilla'
import type {
  CallFire,
  GameEvent,
  MatchState,
  Scenario,
  SmrEvent,
  SmrScenario,
  SmrState,
  Vec3,
} from '../../src-engine/index'
import type { CameraPreset } from '../scene/camera/camera-presets'
import type { MatchChanged, MatchSnapshot, ReplayInfo, ReplayStepReply, SeatInfo } from '../../src-main/ipc/contract'

/** An SMR game as this page's seat may see it (hidden peasants of a side it does not hold are not in it). */
export interface SmrGame {
  readonly scenario: SmrScenario
  readonly state: SmrState
}

/** One SMR event of this session, with the state it was applied to (for words and dice). */
export interface SmrRecent {
  readonly seq: number
  readonly event: SmrEvent
  readonly before: SmrState
}

/** A replay on show in place of the game: its timeline, the step shown, that step's words and dice. */
export interface ReplayMirror {
  readonly info: ReplayInfo
  /** Commands played at the step shown (0: the start). */
  readonly index: number
  readonly round: number
  readonly lines: readonly string[]
  /** The step's dice rolls (its `DiceRolled` events), thrown again in the tray from their records. */
  readonly rolls: readonly (GameEvent | SmrEvent)[]
  /** Grows with every step shown (the tray throws that step's dice). */
  readonly stepKey: number
  /** Every event of the step shown (as its seat may see them), for the director camera. */
  readonly events: readonly (GameEvent | SmrEvent)[]
}

/**
 * A read-only mirror of the host's game as this page's seat may see it
 * (hidden teams it does not play are not in it), written only by the bridge
 * subscription. An SMLE game fills `scenario` and `state`; an SMR game fills
 * `smr` (and leaves those null, so SMLE's panels and layers draw nothing).
 */
export interface MatchStoreState {
  readonly gameId: string | null
  /** The open game's ruleset (`smle`, `smr`), null before the first snapshot. */
  readonly ruleset: string | null
  /** The seat this page sits in: the sides it plays, or a spectator's; null before the first snapshot. */
  readonly seat: SeatInfo | null
  /** The sides the computer plays in this game (`bot:normal`…). */
  readonly players: Readonly<Record<string, string>>
  readonly scenario: Scenario | null
  readonly state: MatchState | null
  readonly smr: SmrGame | null
  /** The latest SMR events, for the log and the dice. */
  readonly smrRecent: readonly SmrRecent[]
  readonly seq: number
  readonly canUndo: boolean
  /**
   * The latest events, for animation and the log (with the state they were
   * applied to); in a replay, those of the steps shown up to the one on show.
   */
  readonly recent: readonly { readonly seq: number; readonly event: GameEvent; readonly before: MatchState }[]
  /**
   * A replay shown in place of the game (null: the game is shown). While it
   * is, the game's changes are not drawn (the table is fetched afresh when
   * the replay is left), except a new or loaded game, which ends the replay.
   */
  readonly replay: ReplayMirror | null
  setSnapshot(snapshot: MatchSnapshot): void
  applyChange(change: MatchChanged): void
  /** Shows a replay's step (a step with no scenario keeps the one shown). */
  showReplayStep(info: ReplayInfo, step: ReplayStepReply): void
  /** Stops showing the replay (the caller fetches the game afresh). */
  leaveReplay(): void
}

const RECENT_LIMIT = 60

/**
 * The state to describe a batch of events with: the state before it, plus
 * the teams and figures a reveal in the batch brought into view (so their
 * names, not ids, are told).
 */
function describingState(before: MatchState, after: MatchState): MatchState {
  const newTeams = Object.keys(after.teams).some((id) => !(id in before.teams))
  const newFigures = Object.keys(after.figures).some((id) => !(id in before.figures))
  if (!newTeams && !newFigures) return before
  return { ...before, teams: { ...after.teams, ...before.teams }, figures: { ...after.figures, ...before.figures } }
}

export function createMatchStore(): StoreApi<MatchStoreState> {
  return createStore<MatchStoreState>((set, get) => ({
    gameId: null,
    ruleset: null,
    seat: null,
    players: {},
    scenario: null,
    state: null,
    smr: null,
    smrRecent: [],
    seq: 0,
    canUndo: false,
    recent: [],
    replay: null,
    setSnapshot: (s) =>
      set({
        replay: null,
        gameId: s.gameId,
        ruleset: s.ruleset,
        seat: s.seat,
        players: s.players ?? {},
        ...(s.ruleset === 'smr'
          ? { scenario: null, state: null, smr: { scenario: s.scenario, state: s.state } }
          : { scenario: s.scenario, state: s.state, smr: null }),
        seq: s.seq,
        canUndo: s.canUndo,
        recent: [],
        smrRecent: [],
      }),
    applyChange: (c) => {
      if (get().replay) {
        if (c.reason !== 'new' && c.reason !== 'load') return
        set({ replay: null, gameId: null })
      }
      const prev = get()
      // A scenario sent again within a game (a hidden team revealed, a concealed position found) is the same game.
      const sameGame = c.gameId === prev.gameId && c.reason !== 'new' && c.reason !== 'load'
      if (c.ruleset === 'smr') {
        const scenario = c.scenario ?? (sameGame ? prev.smr?.scenario : undefined)
        if (!scenario) return
        const before = sameGame ? (prev.smr?.state ?? null) : null
        const appended =
          c.reason === 'dispatch' && before ? c.events.map((event) => ({ seq: c.seq, event, before })) : []
        set({
          gameId: c.gameId,
          ruleset: 'smr',
          seat: c.seat,
          players: c.players ?? {},
          scenario: null,
          state: null,
          smr: { scenario, state: c.state },
          seq: c.seq,
          canUndo: c.canUndo,
          recent: [],
          smrRecent: sameGame
            ? [
                ...(c.reason === 'undo' ? prev.smrRecent.filter((r) => r.seq <= c.seq) : prev.smrRecent),
                ...appended,
              ].slice(-RECENT_LIMIT)
            : [],
        })
        return
      }
      const before = prev.state ? describingState(prev.state, c.state) : null
      const appended = c.reason === 'dispatch' && before ? c.events.map((event) => ({ seq: c.seq, event, before })) : []
      set({
        gameId: c.gameId,
        ruleset: 'smle',
        seat: c.seat,
        players: c.players ?? {},
        scenario: c.scenario ?? prev.scenario,
        state: c.state,
        smr: null,
        smrRecent: [],
        seq: c.seq,
        canUndo: c.canUndo,
        recent: sameGame
          ? [...(c.reason === 'undo' ? prev.recent.filter((r) => r.seq <= c.seq) : prev.recent), ...appended].slice(
              -RECENT_LIMIT,
            )
          : [],
      })
    },
    showReplayStep: (info, step) => {
      const prev = get()
      const rolls = (step.events as readonly (GameEvent | SmrEvent)[]).filter((e) => e.type === 'DiceRolled')
      const replay: ReplayMirror = {
        info,
        index: step.index,
        round: step.round,
        lines: step.lines,
        rolls,
        stepKey: (prev.replay?.stepKey ?? 0) + 1,
        events: step.events as readonly (GameEvent | SmrEvent)[],
      }
      const common = { gameId: `replay:${info.replayId}`, seq: step.index, canUndo: false, replay }
      // The steps before this one stay told (the casualty ticker, the log), as far as this replay has shown them.
      const sameReplay = prev.replay?.info.replayId === info.replayId
      const next = sameReplay && prev.replay?.index === step.index - 1
      const kept = <T extends { readonly seq: number }>(list: readonly T[]): T[] =>
        sameReplay ? list.filter((r) => r.seq < step.index) : []
      if (step.ruleset === 'smr') {
        const scenario = step.scenario ?? prev.smr?.scenario
        if (!scenario) return
        // Told from the state before the step when the step before it was shown, else from the step's own.
        const before = next && prev.smr ? prev.smr.state : step.state
        const told = step.events.map((event) => ({ seq: step.index, event, before }))
        set({
          ...common,
          ruleset: 'smr',
          scenario: null,
          state: null,
          smr: { scenario, state: step.state },
          recent: [],
          smrRecent: [...kept(prev.smrRecent), ...told].slice(-RECENT_LIMIT),
        })
      } else {
        const scenario = step.scenario ?? prev.scenario
        if (!scenario) return
        const before = next && prev.state ? describingState(prev.state, step.state) : step.state
        const told = step.events.map((event) => ({ seq: step.index, event, before }))
        set({
          ...common,
          ruleset: 'smle',
          scenario,
          state: step.state,
          smr: null,
          recent: [...kept(prev.recent), ...told].slice(-RECENT_LIMIT),
          smrRecent: [],
        })
      }
    },
    leaveReplay: () => set({ replay: null }),
  }))
}

/** A message for the player: a refusal with its clause, an error, or information. */
export interface UiMessage {
  readonly kind: 'refusal' | 'error' | 'info'
  readonly text: string
  readonly clause?: string
}

/** What a click on the table does. */
export type Tool = 'select' | 'measure'

/** The tape measure: two ends on the table (the second follows the pointer until placed). */
export interface TapeMeasure {
  readonly a: Vec3 | null
  readonly b: Vec3 | null
  readonly fixed: boolean
}

/** How buildings are shown: whole; without roofs; without roofs and upper floors (to see every floor's figures). */
export type RoofMode = 'shown' | 'hidden' | 'cutaway'

const NEXT_ROOFS: Record<RoofMode, RoofMode> = { shown: 'hidden', hidden: 'cutaway', cutaway: 'shown' }

/** How the camera looks at the table. */
export type CameraMode = 'orbit' | 'eye'

/** How much a firer sees of its target, for a sight line drawn on the table (SMLE-SHOOT-21..24). */
export type SightCover = 'none' | 'soft' | 'hard' | 'position' | 'blocked'

/** One firing figure's line of sight to what it shoots at, coloured by the target's cover. */
export interface SightLine {
  readonly firerId: string
  readonly from: Vec3
  readonly to: Vec3
  readonly cover: SightCover
  /** Fraction of the target's sample points this firer sees (0..1). */
  readonly visible: number
}

/** A burst template on the table: where an explosive was aimed, where it lands, and its radius. */
export interface BurstMark {
  readonly aim: Vec3
  /** Where it lands after deviation (the same as `aim` before the throw or when on target). */
  readonly at: Vec3
  readonly radiusIn: number
}

/**
 * An SMR move, charge or placement being planned before it is given: the
 * unit, the point clicked (or the enemy to charge) and the facing chosen
 * (null: the way the unit goes). The engine measures it; nothing is sent
 * until the player confirms.
 */
export interface SmrPlan {
  readonly kind: 'move' | 'place' | 'charge' | 'leave'
  readonly unitId: string
  readonly to: Vec3
  readonly facingDeg: number | null
  readonly targetId?: string
}

/** Selection, tools, camera requests and messages: the view's own state. */
export interface UiStoreState {
  readonly selectedFigureId: string | null
  /** A vehicle picked to drive (a click on the ground then moves it, SMLE-VEH-02); never together with a figure. */
  readonly selectedVehicleId: string | null
  readonly message: UiMessage | null
  /**
   * The number of a command sent whose outcome the page has not yet seen (null: none): neither its reply nor a change
   * of the game has come (the host holds both while another seat, or the computer, takes a decision this seat is not
   * shown). Nothing more is sent meanwhile (`sendCommand`).
   */
  readonly sending: number | null
  setSending(sending: number | null): void
  readonly tool: Tool
  readonly tape: TapeMeasure
  readonly cameraMode: CameraMode
  /** The director camera's shots, or null while the camera is the player's own (orbit or eye). */
  readonly director: CameraPreset | null
  /** The camera stays where it is: neither the director nor a drag moves it. */
  readonly cameraLocked: boolean
  /** A point the camera should turn to; `seq` grows with each request so the same point can be asked twice. */
  readonly focus: { readonly point: Vec3; readonly seq: number } | null
  readonly helpOpen: boolean
  readonly newGameOpen: boolean
  /** A scenario open in the editor (its draft, as the file holds it), or null: the table and its game are shown. */
  readonly editing: Readonly<Record<string, unknown>> | null
  /** The draft a play-test started from: the game on the table is its test, and the editor can be opened again on it. */
  readonly playTestOf: Readonly<Record<string, unknown>> | null
  /** Opens the editor on a draft (null: closes it). */
  setEditing(draft: Readonly<Record<string, unknown>> | null): void
  /** Remembers (or forgets) the draft being play-tested. */
  setPlayTestOf(draft: Readonly<Record<string, unknown>> | null): void
  /** Every panel and bar is hidden: the table alone (dialogs still open over it). */
  readonly panelsHidden: boolean
  /** Where the pointer is on the table (for move previews), or null. */
  readonly hover: Vec3 | null
  readonly roofs: RoofMode
  /** Sight lines of a planned or last attack, or null. */
  readonly sightLines: readonly SightLine[] | null
  /** A burst template to show (a planned grenade or shell, or the last one that burst), or null. */
  readonly burst: BurstMark | null
  /** A call for indirect fire being planned (its point, template, deviation and who is under it shown), not yet sent; or null. */
  readonly fireCall: CallFire | null
  /** Plans a call for fire (null: drops the plan). */
  planFireCall(call: CallFire | null): void
  /** Moves the planned call's target point (a click on the table while planning). */
  aimFireCall(point: { x: number; z: number }): void
  /** An SMR order being planned, or null. */
  readonly smrPlan: SmrPlan | null
  planSmr(plan: SmrPlan | null): void
  /** The SMR unit being dragged on the table to plan its move, or null (the camera holds still meanwhile). */
  readonly smrDragId: string | null
  setSmrDrag(unitId: string | null): void
  /** SMR missile targets chosen so far for a declaration (SMR-MISS-04): firer → target. */
  readonly smrShots: Readonly<Record<string, string>>
  setSmrShot(unitId: string, targetId: string | null): void
  clearSmrShots(): void
  /** Turns the planned facing by `deltaDeg` (from the way the unit would go when none was chosen yet). */
  turnSmrPlan(deltaDeg: number, fromDeg: number): void
  showSightLines(lines: readonly SightLine[] | null): void
  showBurst(burst: BurstMark | null): void
  select(id: string | null): void
  selectVehicle(id: string | null): void
  say(message: UiMessage | null): void
  setTool(tool: Tool): void
  /** A click on the table while measuring: the first fixes one end, the second the other, a third starts again. */
  measureClick(p: Vec3): void
  measureHover(p: Vec3): void
  setCameraMode(mode: CameraMode): void
  /** Hands the camera to the director with these shots (null: back to the player's own orbit camera). */
  setDirector(preset: CameraPreset | null): void
  toggleCameraLock(): void
  focusOn(point: Vec3): void
  setHelpOpen(open: boolean): void
  setNewGameOpen(open: boolean): void
  togglePanels(): void
  setHover(p: Vec3 | null): void
  /** shown → hidden → cutaway → shown. */
  cycleRoofs(): void
  /** Esc: leave the current tool, view or dialog, one step at a time. */
  escape(): void
}

const NO_TAPE: TapeMeasure = { a: null, b: null, fixed: false }

export function createUiStore(): StoreApi<UiStoreState> {
  return createStore<UiStoreState>((set, get) => ({
    selectedFigureId: null,
    selectedVehicleId: null,
    message: null,
    sending: null,
    setSending: (sending) => set({ sending }),
    tool: 'select',
    tape: NO_TAPE,
    cameraMode: 'orbit',
    director: null,
    cameraLocked: false,
    focus: null,
    helpOpen: false,
    newGameOpen: false,
    editing: null,
    playTestOf: null,
    setEditing: (editing) => set(editing === null ? { editing } : { editing, newGameOpen: false, helpOpen: false }),
    setPlayTestOf: (playTestOf) => set({ playTestOf }),
    panelsHidden: false,
    hover: null,
    roofs: 'shown',
    sightLines: null,
    burst: null,
    fireCall: null,
    planFireCall: (fireCall) => set({ fireCall }),
    aimFireCall: (point) => {
      const call = get().fireCall
      if (call) set({ fireCall: { ...call, point: { x: point.x, z: point.z } } })
    },
    smrPlan: null,
    planSmr: (smrPlan) => set({ smrPlan }),
    smrDragId: null,
    setSmrDrag: (smrDragId) => set({ smrDragId }),
    smrShots: {},
    setSmrShot: (unitId, targetId) => {
      const next: Record<string, string> = { ...get().smrShots }
      if (targetId === null) delete next[unitId]
      else next[unitId] = targetId
      set({ smrShots: next })
    },
    clearSmrShots: () => set({ smrShots: {} }),
    turnSmrPlan: (deltaDeg, fromDeg) => {
      const plan = get().smrPlan
      if (!plan || plan.kind === 'charge') return
      const facingDeg = ((((plan.facingDeg ?? fromDeg) + deltaDeg) % 360) + 360) % 360
      set({ smrPlan: { ...plan, facingDeg } })
    },
    showSightLines: (sightLines) => set({ sightLines }),
    showBurst: (burst) => set({ burst }),
    select: (id) =>
      set((s) => ({
        selectedFigureId: id,
        selectedVehicleId: null,
        smrPlan: s.smrPlan && s.smrPlan.unitId === id ? s.smrPlan : null,
      })),
    selectVehicle: (id) => set({ selectedVehicleId: id, selectedFigureId: null }),
    say: (message) => set({ message }),
    setTool: (tool) => set({ tool, tape: NO_TAPE }),
    measureClick: (p) => {
      const { tape } = get()
      if (!tape.a || tape.fixed) set({ tape: { a: p, b: p, fixed: false } })
      else set({ tape: { a: tape.a, b: p, fixed: true } })
    },
    measureHover: (p) => {
      const { tape } = get()
      if (tape.a && !tape.fixed) set({ tape: { ...tape, b: p } })
    },
    // The figure's-eye view is the player's own camera: it takes the camera back from the director.
    setCameraMode: (cameraMode) => set(cameraMode === 'eye' ? { cameraMode, director: null } : { cameraMode }),
    setDirector: (director) => set(director === null ? { director } : { director, cameraMode: 'orbit' }),
    toggleCameraLock: () => set({ cameraLocked: !get().cameraLocked }),
    focusOn: (point) => set({ focus: { point, seq: (get().focus?.seq ?? 0) + 1 } }),
    setHelpOpen: (helpOpen) => set({ helpOpen }),
    setNewGameOpen: (newGameOpen) => set({ newGameOpen }),
    togglePanels: () => set({ panelsHidden: !get().panelsHidden }),
    setHover: (hover) => set({ hover }),
    cycleRoofs: () => set({ roofs: NEXT_ROOFS[get().roofs] }),
    escape: () => {
      const s = get()
      if (s.helpOpen) set({ helpOpen: false })
      else if (s.newGameOpen) set({ newGameOpen: false })
      else if (s.cameraMode === 'eye') set({ cameraMode: 'orbit' })
      else if (s.tool !== 'select') set({ tool: 'select', tape: NO_TAPE })
      else if (s.smrPlan) set({ smrPlan: null })
      else if (s.fireCall) set({ fireCall: null })
      else set({ selectedFigureId: null, selectedVehicleId: null })
    },
  }))
}

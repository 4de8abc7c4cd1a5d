import { describe, expect, it } from 'vitest'
import { feedOptions } from './feed-options'

describe('the clean feed options from the page address', () => {
  it('a player page is no feed', () => {
    expect(feedOptions('')).toBeNull()
    expect(feedOptions('?seat=spectator')).toBeNull()
    expect(feedOptions('?seat=spectator&clean=0')).toBeNull()
  })

  it('`clean=1` shows every overlay over the table, on the room’s background', () => {
    expect(feedOptions('?seat=spectator&clean=1')).toEqual({
      overlays: ['round', 'roll', 'casualties', 'title', 'log'],
      transparent: false,
      camera: 'auto',
      locked: false,
      replay: null,
      replaySpeed: 1,
    })
  })

  it('`overlays=` names the ones shown (in any order; unknown names ignored; `none` for none)', () => {
    expect(feedOptions('?clean=1&overlays=title,round')?.overlays).toEqual(['round', 'title'])
    expect(feedOptions('?clean=1&overlays=roll,scores')?.overlays).toEqual(['roll'])
    expect(feedOptions('?clean=1&overlays=none')?.overlays).toEqual([])
  })

  it('each overlay switches off (`=0`) or on (`=1`) on its own', () => {
    expect(feedOptions('?clean=1&round=0&casualties=false')?.overlays).toEqual(['roll', 'title', 'log'])
    expect(feedOptions('?clean=1&overlays=none&roll=1')?.overlays).toEqual(['roll'])
    // A replay's log line: on by default, `log=0` (or leaving it out of `overlays=`) switches it off.
    expect(feedOptions('?clean=1&replay=game&log=0')?.overlays).toEqual(['round', 'roll', 'casualties', 'title'])
    expect(feedOptions('?clean=1&overlays=log,title')?.overlays).toEqual(['title', 'log'])
  })

  it('`bg=transparent` asks for a transparent background', () => {
    expect(feedOptions('?clean=1&bg=transparent')?.transparent).toBe(true)
    expect(feedOptions('?clean=1&bg=table')?.transparent).toBe(false)
  })

  it('the camera follows the action unless told otherwise: `camera=` a preset, `free` for none; `lock=1` locks it', () => {
    expect(feedOptions('?clean=1&camera=orbit')?.camera).toBe('orbit')
    expect(feedOptions('?clean=1&camera=director')?.camera).toBe('auto')
    expect(feedOptions('?clean=1&camera=free')?.camera).toBeNull()
    expect(feedOptions('?clean=1&camera=sideways')?.camera).toBe('auto')
    expect(feedOptions('?clean=1&lock=1')?.locked).toBe(true)
  })

  it('`replay=game` or `replay=<save id>` plays a replay on the feed, at `speed=` 1, 2 or 4 times Play’s pace', () => {
    expect(feedOptions('?clean=1&replay=game')?.replay).toEqual({ source: 'game' })
    expect(feedOptions('?clean=1&replay=farm-1&speed=2')).toMatchObject({
      replay: { source: 'save', saveId: 'farm-1' },
      replaySpeed: 2,
    })
    expect(feedOptions('?clean=1&replay=game&speed=3')?.replaySpeed).toBe(1)
  })
})

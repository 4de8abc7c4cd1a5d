/** Plays dice clicks; silent where there is no Web Audio (tests) or before the player has interacted. */
export interface DiceSound {
  click(strength: number, pan: number): void
  dispose(): void
}

/**
 * Dice on felt and wood, synthesised with Web Audio (no sound files): a short
 * band-passed noise burst for the clack and a quick high "tock" for the hard
 * acetate, both louder and brighter for a harder impact.
 */
export function createDiceSound(): DiceSound {
  let ctx: AudioContext | null = null
  let noise: AudioBuffer | null = null
  const ensure = (): AudioContext | null => {
    if (ctx) return ctx
    const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext
    if (!Ctor) return null
    ctx = new Ctor()
    noise = ctx.createBuffer(1, Math.round(ctx.sampleRate * 0.08), ctx.sampleRate)
    const data = noise.getChannelData(0)
    // A fixed pseudo-random burst: the view needs no seeded generator, only a rough texture.
    let x = 0x9e3779b9
    for (let i = 0; i < data.length; i++) {
      x ^= x << 13
      x ^= x >>> 17
      x ^= x << 5
      data[i] = ((x >>> 0) / 0xffffffff) * 2 - 1
    }
    return ctx
  }
  return {
    click(strength, pan) {
      const ac = ensure()
      if (!ac || !noise || ac.state === 'closed') return
      if (ac.state === 'suspended') void ac.resume()
      const t = ac.currentTime
      const out = ac.createStereoPanner()
      out.pan.value = pan * 0.7
      out.connect(ac.destination)

      const src = ac.createBufferSource()
      src.buffer = noise
      src.playbackRate.value = 0.8 + strength * 0.5
      const band = ac.createBiquadFilter()
      band.type = 'bandpass'
      band.frequency.value = 1800 + strength * 2400
      band.Q.value = 1.4
      const g = ac.createGain()
      g.gain.setValueAtTime(0.5 * strength, t)
      g.gain.exponentialRampToValueAtTime(0.001, t + 0.05 + strength * 0.03)
      src.connect(band).connect(g).connect(out)
      src.start(t)
      src.stop(t + 0.1)

      const tock = ac.createOscillator()
      tock.type = 'triangle'
      tock.frequency.setValueAtTime(2200 + strength * 1200, t)
      tock.frequency.exponentialRampToValueAtTime(900, t + 0.03)
      const tg = ac.createGain()
      tg.gain.setValueAtTime(0.12 * strength, t)
      tg.gain.exponentialRampToValueAtTime(0.001, t + 0.035)
      tock.connect(tg).connect(out)
      tock.start(t)
      tock.stop(t + 0.05)
    },
    dispose() {
      void ctx?.close()
      ctx = null
    },
  }
}

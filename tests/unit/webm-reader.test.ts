import { describe, expect, it } from 'vitest'
import { readWebm } from '../fixtures/webm'

/** An EBML element: id bytes, a one-byte size (or the 8-byte unknown size), the body. */
const el = (id: number[], body: number[], unknownSize = false): number[] =>
  unknownSize ? [...id, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, ...body] : [...id, 0x80 | body.length, ...body]

/** A SimpleBlock of track 1 at `rel` ms after its cluster. */
const simpleBlock = (rel: number, key: boolean): number[] =>
  el([0xa3], [0x81, (rel >> 8) & 0xff, rel & 0xff, key ? 0x80 : 0x00, 0x9d, 0x01, 0x2a])

/** A file laid out as a live MediaRecorder writes it: Segment and Clusters of unknown size, no Duration. */
function liveWebm(scaleNs = 1_000_000): Uint8Array {
  const header = el(
    [0x1a, 0x45, 0xdf, 0xa3],
    el(
      [0x42, 0x82],
      [...'webm'].map((c) => c.charCodeAt(0)),
    ),
  )
  const scale = [(scaleNs >> 16) & 0xff, (scaleNs >> 8) & 0xff, scaleNs & 0xff]
  const info = el([0x15, 0x49, 0xa9, 0x66], el([0x2a, 0xd7, 0xb1], scale))
  const video = el([0xe0], [...el([0xb0], [0x05, 0x00]), ...el([0xba], [0x03, 0x20])])
  const track = el(
    [0xae],
    [
      ...el([0xd7], [1]),
      ...el(
        [0x86],
        [...'V_VP8'].map((c) => c.charCodeAt(0)),
      ),
      ...video,
    ],
  )
  const tracks = el([0x16, 0x54, 0xae, 0x6b], track)
  const cluster1 = el(
    [0x1f, 0x43, 0xb6, 0x75],
    [...el([0xe7], [0]), ...simpleBlock(0, true), ...simpleBlock(33, false)],
    true,
  )
  // A BlockGroup whose Block refers to an earlier frame (ReferenceBlock): not a key frame.
  const group = el([0xa0], [...el([0xa1], [0x81, 0x00, 0x10, 0x00, 0x01]), ...el([0xfb], [0xdf])])
  const cluster2 = el(
    [0x1f, 0x43, 0xb6, 0x75],
    [...el([0xe7], [0x0b, 0xb8]), ...simpleBlock(500, false), ...group],
    true,
  )
  return new Uint8Array([
    ...header,
    ...el([0x18, 0x53, 0x80, 0x67], [...info, ...tracks, ...cluster1, ...cluster2], true),
  ])
}

describe('WebM reader (for checking recordings)', () => {
  it('reads the codec, the frame size and the frame times of a live recording with no duration', () => {
    const w = readWebm(liveWebm())
    expect(w.codecs).toEqual(['V_VP8'])
    expect({ width: w.width, height: w.height }).toEqual({ width: 1280, height: 800 })
    expect(w.frames).toBe(4)
    expect(w.keyFrames).toBe(1)
    expect(w.firstFrameMs).toBe(0)
    // Cluster 2 starts at 3000 ms; its last frame is 500 ms later.
    expect(w.lastFrameMs).toBe(3500)
    expect(w.headerDurationMs).toBeNull()
  })

  it('scales the times by the TimecodeScale', () => {
    expect(readWebm(liveWebm(500_000)).lastFrameMs).toBe(1750)
  })

  it('refuses a file that is not EBML', () => {
    expect(() => readWebm(new TextEncoder().encode('RIFF....WEBP'))).toThrow(/not an EBML file/)
  })
})

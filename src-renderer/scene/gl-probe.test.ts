import { afterEach, describe, expect, it } from 'vitest'
import { ANTIALIAS_KEY, isSoftwareRenderer, learnAntialias, rememberedAntialias } from './gl-probe'

/** A context that only names its renderer, as WEBGL_debug_renderer_info does. */
function namedContext(name: string): WebGL2RenderingContext {
  const UNMASKED_RENDERER_WEBGL = 0x9246
  return {
    RENDERER: 0x1f01,
    getExtension: (ext: string) => (ext === 'WEBGL_debug_renderer_info' ? { UNMASKED_RENDERER_WEBGL } : null),
    getParameter: (p: number) => (p === UNMASKED_RENDERER_WEBGL ? name : 'WebKit WebGL'),
  } as unknown as WebGL2RenderingContext
}

const SOFTWARE = [
  'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
  'llvmpipe (LLVM 15.0.6, 256 bits)',
  'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
  'Mesa softpipe',
]
const GRAPHICS_CARDS = [
  'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002504) Direct3D11 vs_5_0 ps_5_0, D3D11)',
  'ANGLE (Intel, Intel(R) UHD Graphics 620 (0x00005917) Direct3D11 vs_5_0 ps_5_0, D3D11)',
  'ANGLE (Apple, ANGLE Metal Renderer: Apple M1, Unspecified Version)',
  'AMD Radeon RX 6700 XT (radeonsi, navi22, LLVM 15.0.7, DRM 3.49)',
]

describe('multisampling the table only where a graphics card draws it', () => {
  afterEach(() => localStorage.clear())

  it('software renderers are told from graphics cards by their names', () => {
    for (const name of SOFTWARE) expect(isSoftwareRenderer(name), name).toBe(true)
    for (const name of GRAPHICS_CARDS) expect(isSoftwareRenderer(name), name).toBe(false)
  })

  it('a page that never drew asks for no multisampling; what the context says is remembered for the next page', () => {
    expect(rememberedAntialias()).toBe(false)
    expect(learnAntialias(namedContext(GRAPHICS_CARDS[0]!))).toBe(true)
    expect(localStorage.getItem(ANTIALIAS_KEY)).toBe('on')
    expect(rememberedAntialias()).toBe(true)
    expect(learnAntialias(namedContext(SOFTWARE[0]!))).toBe(false)
    expect(rememberedAntialias()).toBe(false)
  })

  it('a context that gives no name is taken for a graphics card', () => {
    expect(learnAntialias(namedContext(''))).toBe(true)
  })
})

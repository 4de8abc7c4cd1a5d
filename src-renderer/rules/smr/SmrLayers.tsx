import { useSmrGame } from './smr-game'
import { SmrInspector } from './SmrInspector'
import { SmrTable } from './SmrTable'

/** An SMR game's table and its inspector, following the game as it changes (loaded with the first SMR game). */
export default function SmrLayers() {
  const game = useSmrGame()
  if (!game) return null
  return (
    <>
      <SmrTable game={game} />
      <SmrInspector game={game} />
    </>
  )
}

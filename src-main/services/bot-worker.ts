import { parentPort } from 'node:worker_threads'
import { type BotRequest, createBotBrain } from '../../src-engine/ai/brain'

/** The computer's thread: one decision per message, answered by id. */
const brain = createBotBrain()
parentPort?.on('message', (msg: { id: number; request: BotRequest }) => {
  try {
    parentPort?.postMessage({ id: msg.id, command: brain.choose(msg.request) })
  } catch (err) {
    parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) })
  }
})

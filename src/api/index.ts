// The portal's HTTP client (000 §7, §8). Screens use `api.*` for the shell's calls and `call(def, payload)` for a
// definition's calls; both resolve with success or pass-through answers and reject with an already-shown ApiError.
export {
  api,
  call,
  type LoginConfig,
  type ErrorTimes,
  type SelfInfo,
  type SessionRecord,
  type StoredUser,
} from './calls';
export { request, saveFile, type RequestOptions, type Payload, type Download } from './http';
export { ApiError, SUCCESS, type Answer } from './answer';
export { checkAnswer } from './errors';
export { registerApiReporter, type ApiReporter, type Notice } from './reporter';

export { splitText } from "./pieces.js";
export type {
  FakeApi,
  FakeProvider,
  FakeProviderOptions,
  FakeRequest,
} from "./provider.js";
export { DEFAULT_CHUNKS, MAX_REQUEST_BYTES } from "./provider.js";
export type { ProviderFakeErrorCode } from "./provider-fake-error.js";
export { ProviderFakeError } from "./provider-fake-error.js";
export type {
  FakeBlock,
  FakeDisconnect,
  FakeHttpError,
  FakeInterruption,
  FakeReply,
  FakeStopReason,
  FakeText,
  FakeTextBlock,
  FakeThinkingBlock,
  FakeToolCallBlock,
  FakeTurn,
  FakeUsage,
} from "./script.js";
export {
  startAnthropicFake,
  startOpenAICompletionsFake,
  startOpenAIResponsesFake,
  startProviderFake,
} from "./start.js";

import {
  assembleOpenAIChatStream,
  createOpenAIChatStreamState,
  reduceOpenAIChatEvent,
} from "@/lib/protocol/openai-chat/assemble";
import { listStreamFixtures } from "@/lib/protocol/testing/fixtures";
import { describeRechunking } from "@/lib/protocol/testing/rechunk";

describeRechunking({
  fixtures: listStreamFixtures("openai-chat-"),
  createState: createOpenAIChatStreamState,
  reduce: reduceOpenAIChatEvent,
  assemble: assembleOpenAIChatStream,
  isDone: (state) => state.done,
});

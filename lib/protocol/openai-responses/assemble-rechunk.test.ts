import {
  assembleOpenAIResponsesStream,
  createOpenAIResponsesStreamState,
  reduceOpenAIResponsesEvent,
} from "@/lib/protocol/openai-responses/assemble";
import { listStreamFixtures } from "@/lib/protocol/testing/fixtures";
import { describeRechunking } from "@/lib/protocol/testing/rechunk";

describeRechunking({
  fixtures: listStreamFixtures("openai-responses-"),
  createState: createOpenAIResponsesStreamState,
  reduce: reduceOpenAIResponsesEvent,
  assemble: assembleOpenAIResponsesStream,
  isDone: (state) => state.done,
});

import type { BrainCard } from "@elowen/plugin-api/cards";
import type { AskAnswer, AskQuestion } from "@elowen/plugin-api/questions";
import type { ToolCallContext } from "@elowen/plugin-api/tools";

/** A tool call's context whose `askUser` is answered by `answer`, recording what was asked. */
export function callContext(answer: (questions: readonly AskQuestion[]) => readonly AskAnswer[]): {
  context: ToolCallContext;
  asked: (readonly AskQuestion[])[];
  cards: BrainCard[];
} {
  const asked: (readonly AskQuestion[])[] = [];
  const cards: BrainCard[] = [];
  const context: ToolCallContext = {
    toolCallId: "call-1",
    sessionId: "session-1",
    turnId: "turn-1",
    access: {
      userId: 7,
      role: "user",
      isAdmin: false,
      isOwner: false,
      surface: "web",
      allAccess: false,
      grants: [],
    },
    signal: new AbortController().signal,
    onUpdate: () => undefined,
    askUser: async (questions) => {
      asked.push(questions);
      return answer(questions);
    },
    emitCard: (card) => cards.push(card),
  };
  return { context, asked, cards };
}

import type { BrainCard, BrainCardItem } from "@elowen/plugin-api/cards";
import { Duration } from "./elapsed.js";

const ITEM_STATUS_TEXT: Record<NonNullable<BrainCardItem["status"]>, string> = {
  pending: "pending",
  running: "running",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
};

/**
 * Every card of the session (`BrainCard`; the web renders every card, pinned or not): pinned cards
 * first, marked pinned, then the others in the order they were first emitted. A running item
 * counts its elapsed time locally from `startedAt`; a completed one shows its `durationMs`; both
 * through the one shared formatter. An item without either shows no clock.
 */
export function Cards({ cards }: { readonly cards: readonly BrainCard[] }) {
  if (cards.length === 0) return null;
  const ordered = [...cards.filter((c) => c.pinned), ...cards.filter((c) => !c.pinned)];
  return (
    <section class="cards" aria-label="Cards">
      {ordered.map((card) => (
        <CardView key={card.id} card={card} />
      ))}
    </section>
  );
}

function CardView({ card }: { readonly card: BrainCard }) {
  const titleId = `card-${card.id}`;
  return (
    <article
      class={`card ${card.tone ?? "info"}${card.pinned ? " pinned" : ""}`}
      aria-labelledby={card.title ? titleId : undefined}
      aria-label={card.title ? undefined : "Card"}
      data-card-id={card.id}
    >
      {(card.title || card.pinned) && (
        <h3 id={titleId}>
          {card.pinned && <span class="badge">Pinned</span>} {card.title}
        </h3>
      )}
      {card.text && <p class="card-text">{card.text}</p>}
      {card.items && card.items.length > 0 && (
        <ul class="card-items">
          {card.items.map((item, i) => (
            <li key={item.id ?? i} class={`card-item ${item.status ?? ""}`}>
              {item.status && (
                <span
                  class={`status ${item.status}`}
                  role="img"
                  aria-label={ITEM_STATUS_TEXT[item.status]}
                />
              )}
              <span class="item-text">{item.text}</span>
              <Duration
                startedAt={item.startedAt}
                durationMs={item.status === "running" ? undefined : item.durationMs}
                running={item.status === "running"}
              />
              {item.detail && <p class="hint">{item.detail}</p>}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

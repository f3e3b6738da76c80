import { Component, type ComponentType, h } from "preact";

/**
 * Wraps a component so it draws again only when a prop changed identity (shallow comparison).
 * The transcript keeps an unchanged turn's view object, so a long session redraws only the turn
 * that moved.
 */
export function memo<P extends object>(inner: ComponentType<P>): ComponentType<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const prev = this.props as Record<string, unknown>;
      const nextProps = next as Record<string, unknown>;
      const keys = new Set([...Object.keys(prev), ...Object.keys(nextProps)]);
      for (const key of keys) if (prev[key] !== nextProps[key]) return true;
      return false;
    }
    override render() {
      return h(inner, this.props);
    }
  }
  return Memo as unknown as ComponentType<P>;
}

import { useEffect, useState } from "preact/hooks";
import type { Store } from "../model/store.js";

/** The store's current value; the component draws again whenever it changes. */
export function useStore<T>(store: Store<T>): T {
  const [state, setState] = useState(store.state);
  useEffect(() => {
    setState(store.state);
    return store.subscribe(setState);
  }, [store]);
  return state;
}

/**
 * A stand-in for the adapter's count watchers (`watchPendingWrites`, `watchRefusedWrites`), with
 * their semantics: every subscriber hears each change, and a new subscriber hears the current count
 * at once (the frame subscribes in an effect, maybe after the page's heading shows, and again as it
 * remounts). A fake that told only current subscribers lost events that way.
 */
export function countFeed() {
  const listeners = new Set<(count: number) => void>();
  let current = 0;
  return {
    watch(listener: (count: number) => void): () => void {
      listeners.add(listener);
      listener(current);
      return () => listeners.delete(listener);
    },
    emit(count: number): void {
      current = count;
      for (const listener of listeners) listener(count);
    },
  };
}

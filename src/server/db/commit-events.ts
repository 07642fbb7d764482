/**
 * Announcements made by work once it is committed (e.g. "notifications were created": the delivery
 * worker starts then, not at its next interval, and not before the commit, when it would find nothing).
 * Inside a transaction an announcement waits for its COMMIT and is dropped on ROLLBACK; outside one, the
 * statement that did the work already committed, so it goes at once. Listeners belong to one Db.
 */
export class CommitEvents {
  private readonly listeners = new Map<string, Set<() => void>>();

  on(event: string, listener: () => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit(events: Iterable<string>): void {
    for (const event of events) {
      for (const listener of this.listeners.get(event) ?? []) {
        try {
          listener();
        } catch {
          // A listener's failure is its own: the work is committed whatever it does.
        }
      }
    }
  }
}

/** The last `limit` characters of a stream of text (a server's stderr), so a chatty server costs bounded memory. */
export interface Tail {
  push(text: string): void;
  read(): string;
}

export function createTail(limit: number): Tail {
  let text = "";
  return {
    push(more) {
      text = (text + more).slice(-limit);
    },
    read: () => text,
  };
}

/** One line on a terminal, rewritten as a long command goes; nothing when stderr is a file or a pipe. */
export function terminalLine(stream: NodeJS.WriteStream): { show: (text: string) => void; done: () => void } | undefined {
  if (!stream.isTTY) return undefined;
  let shown = false;
  return {
    show: (text) => {
      stream.write(`\r\u001b[K${text}`);
      shown = true;
    },
    done: () => {
      if (shown) stream.write('\r\u001b[K');
    },
  };
}

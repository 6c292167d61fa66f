// A capture process that follows the protocol until it gets its capture, then misbehaves as
// its URL says: the pool must contain each kind of failure.
import type { ParentMessage } from '../../../src/features/capture/capture-protocol.js';

const hold: unknown[] = [];

process.on('message', (message: ParentMessage) => {
  if (message.type !== 'capture') return;
  const how = new URL(message.request.url).hostname;
  if (how === 'native-memory') {
    // Buffers live outside the V8 heap: only a watch on resident memory catches them.
    setInterval(() => hold.push(Buffer.alloc(16 * 1024 * 1024, 1)), 10);
  } else if (how === 'heap') {
    setInterval(() => {
      for (let i = 0; i < 200_000; i++) hold.push({ i, s: `x${i}` });
    }, 1);
  } else if (how === 'busy') {
    for (;;);
  } else if (how === 'exit') {
    process.exit(3);
  } else if (how === 'whoami') {
    // Reports who it runs as, in the one message a failing capture sends.
    process.send!({ type: 'crashed', message: `uid=${process.getuid!()} gid=${process.getgid!()} home=${process.env.HOME}` });
  } else if (how === 'ignore-cancel') {
    // Never answers: only the pool's own kill ends it.
  }
});
process.send!({ type: 'ready' });

import { inject } from 'vitest';

export type NodeControl = { exitCode: number | null; signal: string | null; wasRunning: boolean; pid: number };

/**
 * Stops (SIGTERM, answered once the node has exited) or starts (answered once it is ready) one API node
 * of the multi-node stage through the setup's control port (support/cluster-setup.ts).
 */
export async function controlNode(i: number, action: 'stop' | 'start'): Promise<NodeControl> {
  const res = await fetch(`${inject('clusterControlURL')}/nodes/${i}/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`${action} node ${i}: ${res.status} ${await res.text()}`);
  return (await res.json()) as NodeControl;
}

/** Every node up (the scale-out spec kills one; a file that talks to each node runs after it in any order). */
export async function everyNodeUp(): Promise<void> {
  for (let i = 0; i < inject('nodeURLs').length; i += 1) await controlNode(i, 'start');
}

export function machineProbeSeconds(): number;

export const SERVER_NODE_ARGS: readonly string[];
export const SOURCE_SERVER_NODE_ARGS: readonly string[];

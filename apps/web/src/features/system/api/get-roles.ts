/** Key of every role list query: saving or deleting a role invalidates it. */
export const rolesKey = ['roles'] as const;

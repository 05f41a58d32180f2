/** Key of every administrator list query: each change to an administrator invalidates it. */
export const adminsKey = ['admins'] as const;

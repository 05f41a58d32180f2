import { z } from 'zod';

export const ZReminder = z.object({ id: z.number().int(), content: z.string() });
export type TReminder = z.infer<typeof ZReminder>;
export const ZReminderList = z.array(ZReminder);

export const ZReminderIdParams = z.object({ id: z.coerce.number().int().positive() });

import { z } from 'zod';
import { newPassword } from './auth.js';

/** `PATCH /account`. */
export const updateAccountRequestSchema = z.object({
  name: z.string({ error: 'Please enter your name' }).trim().min(1, 'Please enter your name').max(100, 'Name is too long'),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;

/** `POST /account/password`: the current password proves it is the owner, not just their token. */
export const changePasswordRequestSchema = z.object({
  current_password: z.string({ error: 'Please enter your current password' }).min(1, 'Please enter your current password').max(1024),
  new_password: newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `DELETE /account`. */
export const deleteAccountRequestSchema = z.object({
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(1024),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

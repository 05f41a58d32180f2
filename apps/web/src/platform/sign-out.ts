import { ApiPath } from '@mbo/shared/api-paths';
import { http } from './request';
import { clearSession } from './session';
import { LOGIN_PATH, navigateTo } from './navigation';

/**
 * Ends the session: tells the server (a failure does not matter, the token is dropped anyway),
 * clears every stored session key and goes to the sign-in page.
 */
export async function signOut(): Promise<void> {
  try {
    await http.post<null>(ApiPath.logout, undefined, { silent: true, repeatSubmit: false });
  } catch {
    // Ignored on purpose: an expired session cannot be logged out twice.
  }
  clearSession(LOGIN_PATH);
  navigateTo(LOGIN_PATH);
}

import type { ChangePasswordRequest, User } from '@sitezip/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { BillingService } from '../billing/billing-service.js';
import type { FileStore } from '../files/file-store.js';
import type { ZipPreview } from '../files/zip-preview.js';
import { toUserView } from '../users/user-view.js';
import type { AccountRepository } from './account-repository.js';

const WRONG_PASSWORD = 'The current password is not correct.';

/** Name, password and deletion of the signed-in user's own account. */
export class AccountService {
  constructor(
    private readonly repository: AccountRepository,
    private readonly billing: BillingService,
    private readonly store: FileStore,
    private readonly preview: ZipPreview,
    private readonly hashCost: number,
    private readonly log: FastifyBaseLogger,
    /** Stops the user's downloads still queued or running (their captures would write files after the account is gone). */
    private readonly cancelJob: (jobId: string, user: User) => Promise<unknown>,
  ) {}

  async rename(user: UserRow, name: string): Promise<User> {
    const row = await this.repository.rename(user.id, name);
    if (!row) throw new HttpError(404, 'This account no longer exists.');
    return toUserView(row);
  }

  async changePassword(user: UserRow, request: ChangePasswordRequest): Promise<void> {
    await this.confirm(user, request.current_password);
    await this.repository.setPasswordHash(user.id, await hashPassword(request.new_password, this.hashCost));
  }

  /**
   * Stops the subscription first: if Stripe cannot cancel it, nothing is deleted (a deleted
   * account must not go on being charged). Then the files, then the records.
   */
  async delete(user: UserRow, password: string): Promise<void> {
    await this.confirm(user, password);
    await this.billing.cancelAll(user.id);
    const owner = toUserView(user);
    for (const id of await this.repository.unfinishedJobIdsOf(user.id)) {
      await this.cancelJob(id, owner).catch((error: unknown) => this.log.warn({ err: error, job: id }, 'could not cancel a job of a deleted account'));
    }
    const jobIds = await this.repository.jobIdsOf(user.id);
    // Combined ZIPs of bulk downloads are stored under the bulk's id.
    for (const id of [...jobIds, ...(await this.repository.bulkIdsOf(user.id))]) {
      this.preview.forget(id);
      await this.store.delete(id);
    }
    await this.repository.deleteUser(user.id);
    this.log.info({ user: user.id, jobs: jobIds.length }, 'account deleted');
  }

  private async confirm(user: UserRow, password: string): Promise<void> {
    if (!(await verifyPassword(password, user.passwordHash))) throw new HttpError(403, WRONG_PASSWORD);
  }
}

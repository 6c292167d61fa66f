// `npm run admin`: the operator's command (admin-command.ts), on the server's DATA_DIR / DATABASE_URL.
import { runAdmin } from './admin-command.js';

process.exitCode = await runAdmin(process.argv.slice(2));

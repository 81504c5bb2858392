/** npm run dev: the API with reload on :3000 and Vite's dev server on :5173 (proxying /api and /auth to it). */
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@portal/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@portal/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });

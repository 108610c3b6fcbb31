import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: () => (
    <main id="main">
      <h1>Welcome to ApplyHub</h1>
    </main>
  ),
});

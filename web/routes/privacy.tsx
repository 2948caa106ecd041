import { createFileRoute } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { LegalPage } from '../components/legal-page.tsx';
import { PRIVACY_POLICY } from '../content/pages.ts';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  return <LegalPage document={PRIVACY_POLICY} eyebrow="Privacy" icon={Lock} />;
}

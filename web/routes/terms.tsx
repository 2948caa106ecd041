import { createFileRoute } from '@tanstack/react-router';
import { Scale } from 'lucide-react';
import { LegalPage } from '../components/legal-page.tsx';
import { TERMS_OF_SERVICE } from '../content/pages.ts';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

function TermsPage() {
  return <LegalPage document={TERMS_OF_SERVICE} eyebrow="Terms" icon={Scale} />;
}

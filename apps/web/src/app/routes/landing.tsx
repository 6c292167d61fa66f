import { DownloadForm } from '../../features/download/components/download-form';
import { ApiStatusBanner } from '../../features/landing/components/api-status-banner';
import { FaqSection } from '../../features/landing/components/faq-section';
import { FeatureGrid } from '../../features/landing/components/feature-grid';
import { Hero } from '../../features/landing/components/hero';
import { PricingSection } from '../../features/landing/components/pricing-section';
import { SiteFooter } from '../../features/landing/components/site-footer';
import { TopBar } from '../../features/landing/components/top-bar';

export function LandingRoute() {
  return (
    <>
      <title>sitezip — save any website as an offline ZIP</title>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ApiStatusBanner />
      <TopBar />
      <main id="main" tabIndex={-1}>
        <Hero>
          <DownloadForm />
        </Hero>
        <FeatureGrid />
        <PricingSection />
        <FaqSection />
      </main>
      <SiteFooter />
    </>
  );
}

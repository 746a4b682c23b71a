import { LegalPageLayout, type LegalSection } from '../components/legal-page-layout';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        By accessing or using the Aitlas website, its marketplace, AI search and blog (the &quot;Service&quot;), you agree to
        these Terms of Service. If you do not agree, please do not use the Service. If you use the Service on behalf of an
        organisation, you accept these terms for it.
      </p>
    ),
  },
  {
    id: 'the-service',
    title: 'The Service',
    body: (
      <p>
        Aitlas is a directory of AI tools made by third parties. We describe each tool, rank tools by popularity and recommend
        tools that match what you describe in the search box. Browsing, searching, saving, sharing and rating apps require no
        account. We may change, suspend or discontinue any part of the Service at any time.
      </p>
    ),
  },
  {
    id: 'third-party-tools',
    title: 'Third-party tools',
    body: (
      <p>
        The apps listed on Aitlas are owned and operated by their providers, not by us. Descriptions, features, pricing, ratings
        and traffic figures are provided for information, are partly estimated and may be out of date. Always check the
        provider&apos;s own site before you sign up or pay. Your use of a third-party tool is governed by that provider&apos;s
        terms and privacy policy, and we are not responsible for it.
      </p>
    ),
  },
  {
    id: 'ai-recommendations',
    title: 'AI search and recommendations',
    body: (
      <p>
        Search results, match reasons and confidence scores are generated automatically. They are suggestions, not professional
        advice, and may be incomplete or wrong. You are responsible for deciding whether a tool is suitable for your purpose,
        including any legal, security or compliance requirements.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>When using the Service you agree not to:</p>
        <ul>
          <li>
            send automated requests beyond reasonable use, circumvent rate limits, or try to inflate views, saves or other
            counters;
          </li>
          <li>
            scrape the Service in violation of our robots.txt, or copy substantial parts of the catalogue to build a competing
            directory;
          </li>
          <li>probe, attack or disrupt the Service, its security measures or the systems of other users;</li>
          <li>submit content or URLs that are unlawful, misleading, infringing or malicious;</li>
          <li>access the back office without authorisation.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'submissions',
    title: 'Submissions and listings',
    body: (
      <p>
        If you suggest an app, you confirm that the information you provide is accurate. We review every listing and may edit,
        categorise, decline or remove any listing at our discretion. App owners who want a listing corrected or removed can
        contact us at the address below.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <p>
        The Service, its design, software, texts and the selection and arrangement of the catalogue belong to Aitlas or its
        licensors. Product names, logos and trademarks of listed apps belong to their owners and are used only to identify their
        products. You may link to and share pages of the Service; other reuse requires our written permission.
      </p>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer of warranties',
    body: (
      <p>
        The Service is provided &quot;as is&quot; and &quot;as available&quot;. To the extent permitted by law, we disclaim all
        warranties, express or implied, including merchantability, fitness for a particular purpose, accuracy and
        non-infringement, and we do not guarantee that the Service will be uninterrupted or error-free.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent permitted by law, Aitlas is not liable for indirect, incidental, special or consequential damages, or for
        loss of profits, data or goodwill, arising from your use of the Service or of any third-party tool found through it.
        Nothing in these terms limits liability that cannot be limited by law, such as liability for intent or gross negligence.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <p>
        We may restrict or block access to the Service for anyone who breaches these terms or endangers the Service or its users.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms from time to time. The date at the top shows the latest version. Continuing to use the Service
        after a change means you accept the updated terms.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the country where Aitlas is established, without regard to its conflict-of-law
        rules. Mandatory consumer protection laws of your country of residence remain unaffected.
      </p>
    ),
  },
];

/** The terms of service (/terms-of-service). */
export default function TermsOfServicePage() {
  return (
    <LegalPageLayout
      title="Terms of Service"
      intro={
        <p>
          These terms explain the rules for using Aitlas, the marketplace of AI tools, including its AI search and blog. Please
          read them carefully.
        </p>
      }
      sections={sections}
      contacts={[
        { title: 'Legal questions', lines: ['Aitlas Legal', 'We reply within 30 days.'], email: 'legal@aitlas.io' },
        {
          title: 'Listing corrections and support',
          lines: ['Aitlas Support', 'Monday to Friday, 9:00–17:00 CET'],
          email: 'support@aitlas.io',
        },
      ]}
    />
  );
}

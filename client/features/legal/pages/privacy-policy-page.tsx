import { LegalPageLayout, type LegalSection } from '../components/legal-page-layout';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Aitlas operates this website, a public marketplace where you can discover, search, compare and save AI tools, and read our
        blog. Aitlas is the controller of the personal data described in this policy. Apps listed in the marketplace are run by
        other companies; when you follow a link to one of them, their own privacy policy applies.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>You can use the marketplace without an account. We collect only what we need to run it:</p>
        <ul>
          <li>
            <strong>Visitor identifier.</strong> A first-party cookie (<code>aitlas_vid</code>) holds a random, signed identifier.
            Combined with a one-way hash of your network address, it lets us count a view of an app at most once every 30 minutes
            and a save once, so that counters cannot be inflated. We store the hash, never your address in clear.
          </li>
          <li>
            <strong>Reviews and submissions.</strong> When you write a review, we keep its stars, title, text and the display name
            you chose, and a second first-party cookie (<code>aitlas_bid</code>) with a random, signed identifier of your browser,
            so that you can edit your review and a browser reviews an app only once. Reviews are published only after a curator
            approves them. When you submit a tool, the e-mail address and note you add (both optional) are shown only to our
            curators.
          </li>
          <li>
            <strong>Search queries.</strong> The text you type into the AI search, the number of results and the time, used to
            improve results and to see which needs the catalogue does not yet cover. Please do not type personal information into
            the search box.
          </li>
          <li>
            <strong>Usage events.</strong> Views and saves of app pages with their time, used for trending lists and aggregate
            statistics.
          </li>
          <li>
            <strong>Technical logs.</strong> Our servers record requests (time, path, status and browser type) to keep the service
            secure and reliable.
          </li>
          <li>
            <strong>Information stored on your device.</strong> The apps you saved and how often you shared a page are kept in
            your browser&apos;s local storage, and the star ratings you give only for the current page session. This information
            is not sent to us.
          </li>
          <li>
            <strong>Curator accounts.</strong> If you are an Aitlas curator, we process your name, e-mail address and sign-in
            sessions to protect the back office.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use information',
    body: (
      <ul>
        <li>To provide the marketplace, the AI search and the blog, and to remember the apps you saved on your device.</li>
        <li>To rank trending apps and to measure, in aggregate, which tools and topics interest visitors.</li>
        <li>To prevent abuse such as automated searches, counter inflation and attacks, including by rate limiting.</li>
        <li>To fix errors and improve the quality and speed of the service.</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Legal bases',
    body: (
      <p>
        Where data protection law such as the GDPR applies, we rely on our legitimate interests in running a useful, secure and
        reliable marketplace for the visitor identifier, search analytics, usage events and logs, and on the performance of a
        contract for curator accounts. You may object to processing based on legitimate interests at any time (see &quot;Your
        rights&quot;).
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        We use one functional visitor cookie described above and, for curators only, a session cookie that keeps you signed in. We
        do not use advertising cookies or cross-site tracking. You can delete cookies and local storage in your browser settings
        at any time; the marketplace keeps working, though your saved apps on that device will be forgotten.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing and third parties',
    body: (
      <>
        <p>We do not sell your personal information and we do not share it for advertising. We share data only:</p>
        <ul>
          <li>with hosting and infrastructure providers who process it on our behalf under contract;</li>
          <li>
            with the icon service that supplies app logos: your browser requests each logo directly from that service, which
            therefore receives your network address and the name of the app&apos;s website;
          </li>
          <li>when the law requires it, or to protect the rights, property or safety of Aitlas, our users or the public.</li>
        </ul>
        <p>
          If an optional AI provider is enabled to improve search results, your query text (without identifiers) may be sent to it
          to rank results.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    body: (
      <p>
        The visitor cookie expires after one year. We keep usage events and search queries only as long as they are useful for the
        purposes above, and delete them or reduce them to anonymous totals when they are not. Technical logs are rotated and
        deleted regularly unless needed to investigate an incident. Curator account data is kept while the account is active.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct or delete your personal data, to restrict or object
        to its processing, to data portability, and to complain to your data protection authority. Because visitors have no
        account, we may ask for the value of your visitor cookie to find the data linked to it. Contact us using the details
        below; we answer within 30 days.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect data with encryption in transit, hashed identifiers, access controls for the back office and regular updates.
        No method of transmission or storage is completely secure, but we work to protect your information and will notify you and
        the authorities of a breach where the law requires it.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Aitlas is not directed at children under 16 and we do not knowingly collect their personal data. If you believe a child
        has provided us with data, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy as the service evolves. We will change the date at the top of this page and, for significant
        changes, show a notice on the website.
      </p>
    ),
  },
];

/** The privacy policy (/privacy-policy). */
export default function PrivacyPolicyPage() {
  return (
    <LegalPageLayout
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what information Aitlas collects when you browse the marketplace, use the AI search or read the
          blog, why we collect it, and the choices you have. We keep collection to the minimum needed to run a useful and secure
          service.
        </p>
      }
      sections={sections}
      contacts={[
        {
          title: 'Privacy questions and requests',
          lines: ['Aitlas Privacy Team', 'We reply within 30 days.'],
          email: 'privacy@aitlas.io',
        },
        { title: 'General enquiries', lines: ['Aitlas Support', 'Monday to Friday, 9:00–17:00 CET'], email: 'support@aitlas.io' },
      ]}
    />
  );
}

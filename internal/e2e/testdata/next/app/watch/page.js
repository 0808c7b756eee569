// A page that describes its video and itself as an article in JSON-LD,
// the way the Next.js documentation recommends: a <script> in the page
// component, the object's JSON with every < written as \u003c.
const video = {
  '@context': 'https://schema.org',
  '@type': 'VideoObject',
  name: 'Trails <5 km & their views',
  description: 'Short walks near town, filmed <in one day> & cut to size.',
  thumbnailUrl: 'https://example.com/media/trails.jpg',
  contentUrl: 'https://example.com/media/trails.mp4',
  embedUrl: 'https://example.com/player?v=trails&autoplay=0',
  duration: 'PT2M30S',
  uploadDate: '2024-06-10T08:00:00Z',
};
const article = {
  '@context': 'https://schema.org',
  '@type': 'NewsArticle',
  headline: 'Walks <5 km & where to start them',
  datePublished: '2024-06-10T08:00:00Z',
  inLanguage: 'en-GB',
};

export default function Page() {
  return (
    <section>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(video).replace(/</g, '\\u003c') }}
      />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(article).replace(/</g, '\\u003c') }}
      />
      <h1>Watch</h1>
    </section>
  );
}

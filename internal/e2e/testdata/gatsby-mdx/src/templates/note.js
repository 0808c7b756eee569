import * as React from 'react';
import { graphql } from 'gatsby';

export default function Note({ data }) {
  const { title, date } = data.mdx.frontmatter;
  return (
    <main>
      <h1>{title}</h1>
      <p>
        <time dateTime={date}>{date}</time>
      </p>
    </main>
  );
}

export const Head = ({ data }) => <title>{data.mdx.frontmatter.title}</title>;

export const query = graphql`
  query ($slug: String!) {
    mdx(frontmatter: { slug: { eq: $slug } }) {
      frontmatter {
        title
        date(formatString: "YYYY-MM-DD")
      }
    }
  }
`;

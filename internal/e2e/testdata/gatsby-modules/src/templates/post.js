import * as React from 'react';
import { graphql } from 'gatsby';

export default function Entry({ data }) {
  const entry = data.markdownRemark;
  return (
    <article>
      <h1>{entry.frontmatter.title}</h1>
      {entry.frontmatter.date && <time dateTime={entry.frontmatter.date}>{entry.frontmatter.date}</time>}
      <section dangerouslySetInnerHTML={{ __html: entry.html }} />
    </article>
  );
}

export const Head = ({ data }) => <title>{data.markdownRemark.frontmatter.title}</title>;

export const query = graphql`
  query PostById($id: String!) {
    markdownRemark(id: { eq: $id }) {
      html
      frontmatter {
        title
        date
      }
    }
  }
`;

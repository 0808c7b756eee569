import * as React from 'react';
import { graphql } from 'gatsby';

export default function Post({ data, children }) {
  const { title, date, updated } = data.mdx.frontmatter;
  return (
    <main>
      <article>
        <h1>{title}</h1>
        <p>
          Written {date}, updated <time dateTime={updated || date}>{updated || date}</time>
        </p>
        {children}
      </article>
    </main>
  );
}

export const Head = ({ data }) => <title>{data.mdx.frontmatter.title}</title>;

export const query = graphql`
  query ($id: String!) {
    mdx(id: { eq: $id }) {
      frontmatter {
        title
        date(formatString: "YYYY-MM-DD")
        updated(formatString: "YYYY-MM-DD")
      }
    }
  }
`;

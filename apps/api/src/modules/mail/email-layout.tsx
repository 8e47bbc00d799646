// The runtime said here too: tsx run from the repository root reads no apps/api tsconfig.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import type { OrderView } from './email-format.ts';
import { shopAddressLine, type Email, type EmailBlock, type EmailBrand } from './email.ts';

// The storefront's tokens (apps/storefront/app/styles/tokens.css), written out: mail apps read no
// CSS variables, and inline styles are what Gmail and Outlook keep.
const color = {
  oat: '#f7f0e3',
  oatDeep: '#efe3cc',
  cream: '#fffaf1',
  ink: '#1f3a2e',
  espresso: '#33261c',
  text: '#3b2f25',
  muted: '#665848',
  honey: '#e2a33a',
  border: '#e3d5bd',
};
// No web fonts: Fraunces would be a remote download, so headings fall back as the shop's CSS does.
const displayFont = "'Iowan Old Style', Georgia, 'Times New Roman', serif";
const bodyFont = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const text: CSSProperties = {
  margin: '0 0 16px',
  color: color.text,
  fontFamily: bodyFont,
  fontSize: '16px',
  lineHeight: '24px',
};
const small: CSSProperties = { ...text, fontSize: '14px', lineHeight: '20px', color: color.muted };
const label: CSSProperties = {
  ...small,
  margin: '0 0 4px',
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  fontSize: '12px',
};
const cell: CSSProperties = { verticalAlign: 'top', padding: '8px 0' };
const link: CSSProperties = { color: color.ink, textDecoration: 'underline' };

/** Line breaks typed by a person, kept without relying on CSS white-space (Outlook drops it). */
const withBreaks = (value: string): ReactNode[] =>
  value.split('\n').flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));

function OrderSummary({ order }: { order: OrderView }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Text style={{ ...label, margin: '0 0 8px' }}>
        Order #{order.number} · {order.date}
      </Text>
      <Hr style={{ borderColor: color.border, margin: 0 }} />
      {order.lines.map((line, index) => (
        <Row key={index} style={{ borderBottom: `1px solid ${color.border}` }}>
          <Column style={cell}>
            <Text style={{ ...text, margin: 0 }}>
              {line.quantity} × <strong>{line.name}</strong>
            </Text>
            {line.options ? <Text style={{ ...small, margin: 0 }}>{line.options}</Text> : null}
          </Column>
          <Column style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap', width: '96px' }}>
            <Text style={{ ...text, margin: 0 }}>{line.total}</Text>
          </Column>
        </Row>
      ))}
      {order.totals.map((total) => (
        <Row key={total.label}>
          <Column style={{ padding: '4px 0' }}>
            <Text style={{ ...text, margin: 0, fontWeight: total.strong ? 700 : 400 }}>
              {total.label}
              {total.detail ? (
                <span style={{ color: color.muted, fontSize: '14px' }}> · {total.detail}</span>
              ) : null}
            </Text>
          </Column>
          <Column style={{ padding: '4px 0', textAlign: 'right', width: '96px' }}>
            <Text style={{ ...text, margin: 0, fontWeight: total.strong ? 700 : 400 }}>
              {total.value}
            </Text>
          </Column>
        </Row>
      ))}
      {order.paidBy ? (
        <Text style={{ ...small, margin: '4px 0 0' }}>Paid by {order.paidBy}</Text>
      ) : null}
      {order.note ? (
        <Section style={{ marginTop: '16px' }}>
          <Text style={label}>Your note</Text>
          <Text style={{ ...text, margin: 0 }}>{withBreaks(order.note)}</Text>
        </Section>
      ) : null}
      <Row style={{ marginTop: '20px' }}>
        <Column style={{ verticalAlign: 'top', paddingRight: '12px' }}>
          <Text style={label}>Shipping to</Text>
          <Text style={{ ...small, color: color.text, margin: 0 }}>
            {withBreaks(order.shipTo.join('\n'))}
          </Text>
        </Column>
        <Column style={{ verticalAlign: 'top' }}>
          {order.billTo.length > 0 ? (
            <>
              <Text style={label}>Billing address</Text>
              <Text style={{ ...small, color: color.text, margin: '0 0 12px' }}>
                {withBreaks(order.billTo.join('\n'))}
              </Text>
            </>
          ) : null}
          <Text style={label}>Email</Text>
          <Text style={{ ...small, color: color.text, margin: 0 }}>{order.email}</Text>
        </Column>
      </Row>
    </Section>
  );
}

function Block({ block }: { block: EmailBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <Text style={text}>{block.text}</Text>;
    case 'fine-print':
      return <Text style={small}>{block.text}</Text>;
    case 'button':
      return (
        <Section style={{ margin: '8px 0 24px' }}>
          <Button
            href={block.href}
            style={{
              ...(block.variant === 'secondary'
                ? {
                    backgroundColor: 'transparent',
                    color: color.ink,
                    border: `2px solid ${color.ink}`,
                  }
                : {
                    backgroundColor: color.honey,
                    color: color.espresso,
                    border: `2px solid ${color.honey}`,
                  }),
              borderRadius: '999px',
              padding: '12px 24px',
              fontFamily: bodyFont,
              fontSize: '16px',
              fontWeight: 600,
              textDecoration: 'none',
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
    case 'details':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          {block.rows.map((row) => (
            <Row key={row.label}>
              <Column style={{ ...cell, padding: '4px 12px 4px 0', width: '38%' }}>
                <Text style={{ ...small, margin: 0 }}>{row.label}</Text>
              </Column>
              <Column style={{ ...cell, padding: '4px 0' }}>
                <Text style={{ ...text, margin: 0, wordBreak: 'break-word' }}>
                  {row.href ? (
                    <Link href={row.href} style={link}>
                      {row.value}
                    </Link>
                  ) : (
                    row.value
                  )}
                </Text>
              </Column>
            </Row>
          ))}
        </Section>
      );
    case 'quote':
      return (
        <Section
          style={{
            margin: '0 0 16px',
            padding: '12px 16px',
            backgroundColor: color.oat,
            borderLeft: `4px solid ${color.honey}`,
          }}
        >
          <Text style={label}>{block.label}</Text>
          <Text style={{ ...text, margin: 0 }}>{withBreaks(block.text)}</Text>
        </Section>
      );
    case 'order':
      return <OrderSummary order={block.order} />;
  }
}

/** One e-mail in the shop's look: a table layout with inline styles, as mail apps need. */
export function EmailDocument({ email, brand }: { email: Email; brand: EmailBrand }) {
  const { shop, publicUrl } = brand;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light only" />
        <meta name="supported-color-schemes" content="light" />
        <title>{email.subject}</title>
      </Head>
      <Preview>{email.preview}</Preview>
      <Body
        style={{
          margin: 0,
          padding: '24px 12px',
          backgroundColor: color.oat,
          fontFamily: bodyFont,
        }}
      >
        <Container style={{ maxWidth: '600px', width: '100%' }}>
          <Section
            style={{
              backgroundColor: color.ink,
              borderRadius: '12px 12px 0 0',
              padding: '20px 24px',
            }}
          >
            <Row>
              <Column style={{ width: '52px' }}>
                <Img src={`${publicUrl}/icons/icon-192.png`} width="40" height="40" alt="" />
              </Column>
              <Column>
                <Link
                  href={publicUrl}
                  style={{
                    color: color.cream,
                    fontFamily: displayFont,
                    fontSize: '22px',
                    fontWeight: 700,
                    textDecoration: 'none',
                  }}
                >
                  {shop.name}
                </Link>
              </Column>
            </Row>
          </Section>
          <Section
            style={{
              backgroundColor: color.cream,
              padding: '32px 24px 16px',
              border: `1px solid ${color.border}`,
              borderTop: 'none',
              borderRadius: '0 0 12px 12px',
            }}
          >
            <Heading
              as="h1"
              style={{
                margin: '0 0 20px',
                color: color.ink,
                fontFamily: displayFont,
                fontSize: '28px',
                lineHeight: '34px',
                fontWeight: 700,
              }}
            >
              {email.heading}
            </Heading>
            {email.greeting ? <Text style={text}>{email.greeting}</Text> : null}
            {email.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </Section>
          <Section style={{ padding: '20px 24px' }}>
            <Text style={{ ...small, margin: '0 0 4px', textAlign: 'center' }}>
              <strong>{shop.name}</strong> · {shopAddressLine(shop)}
            </Text>
            <Text style={{ ...small, margin: 0, textAlign: 'center' }}>
              {shop.phone ? `${shop.phone} · ` : ''}
              <Link href={`mailto:${shop.email}`} style={{ ...link, color: color.muted }}>
                {shop.email}
              </Link>
              {' · '}
              <Link href={publicUrl} style={{ ...link, color: color.muted }}>
                {publicUrl.replace(/^https?:\/\//, '')}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

import { css } from '../../../styled-system/css';

const estilos = {
  titulo: css({ fontSize: 'xl', fontWeight: 'semibold', mb: '2' }),
  texto: css({ color: 'gray.600' }),
};

/** Routes whose screens are not built yet. */
export function UnderConstruction({ title, text = 'Em construção' }: { title: string; text?: string }) {
  return (
    <section aria-labelledby="titulo-tela">
      <h1 id="titulo-tela" className={estilos.titulo} tabIndex={-1}>
        {title}
      </h1>
      <p className={estilos.texto}>{text}</p>
    </section>
  );
}

# A small image with the static promptlint binary (musl) and nothing else:
#   docker build -t promptlint .
#   docker run --rm -v "$PWD:/src" -w /src promptlint check .
# Stage 1 builds with the Rust toolchain on Alpine (musl, so the binary is static); stage 2
# is distroless `static` (no shell, no package manager), running as a non-root user.
# Base images are referenced by tag; pin them by digest (`image@sha256:...`) where you build
# (the digests could not be looked up on the machine this file was written on).
FROM rust:1.89-alpine AS build
# make (and the C compiler): tikv-jemalloc-sys builds jemalloc, the allocator of the binary.
RUN apk add --no-cache musl-dev gcc make
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin promptlint \
 && cp target/release/promptlint /promptlint

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /promptlint /usr/local/bin/promptlint
WORKDIR /src
ENTRYPOINT ["/usr/local/bin/promptlint"]
CMD ["check", "."]

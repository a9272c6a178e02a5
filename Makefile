# Entry points. `make review` and `make test` each do their own set-up on a fresh machine.
UV := scripts/uv.sh
EXAMPLE ?= examples/services_agreement_en.txt
PARTY ?= Northwind Analytics Ltd. (the Supplier)
OUT ?= out

.PHONY: review test bootstrap protos lint types up down bench clean

review: bootstrap  ## Review the bundled example contract end to end (embedded mode, offline model)
	$(UV) run --frozen clauseflow review "$(EXAMPLE)" --party "$(PARTY)" --language en --approve all --out "$(OUT)"

test:  ## The whole test suite (set-up, protos check, lint, types, pytest on a real Kafka broker)
	scripts/test.sh

bootstrap:
	scripts/bootstrap.sh

protos: bootstrap  ## Regenerate gRPC code from protos/
	$(UV) run --frozen python scripts/gen_protos.py

lint: bootstrap
	$(UV) run --frozen ruff check . && $(UV) run --frozen ruff format --check .

types: bootstrap
	$(UV) run --frozen mypy libs/*/src services/*/src apps/cli/src
	$(UV) run --frozen lint-imports

up: bootstrap  ## Start the distributed stack locally (local Kafka broker + every service as its own process)
	$(UV) run --frozen clauseflow up

bench: bootstrap  ## Run the benchmarks (figures go to bench/results/)
	$(UV) run --frozen python -m bench

clean:
	rm -rf .clauseflow out
